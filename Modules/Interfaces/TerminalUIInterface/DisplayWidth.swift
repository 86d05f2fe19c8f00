/// How many terminal columns text covers, by grapheme cluster, like `wcwidth` but locale-free.
///
/// East Asian Wide and Fullwidth characters and emoji cover two columns; combining marks,
/// joiners and variation selectors cover none; control characters are not drawable (width 0).
public enum DisplayWidth {
    /// The columns `text` covers.
    public static func of(_ text: String) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The columns one grapheme cluster covers: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isControl(first) { return 0 }
        var hasEmojiSelector = false
        var hasTextSelector = false
        var hasJoiner = false
        var hasModifier = false
        for scalar in scalars.dropFirst() {
            switch scalar.value {
            case 0xFE0F: hasEmojiSelector = true
            case 0xFE0E: hasTextSelector = true
            case 0x200D: hasJoiner = true
            case 0x1F3FB...0x1F3FF: hasModifier = true
            default: break
            }
        }
        let properties = first.properties
        if isRegionalIndicator(first) { return 2 }
        if properties.isEmoji {
            if hasTextSelector { return 1 }
            if properties.isEmojiPresentation || hasEmojiSelector || hasModifier || hasJoiner { return 2 }
        }
        let base = scalarWidth(first)
        if base > 0 { return base }
        // A cluster that starts with a mark or joiner: its widest scalar decides.
        return scalars.map(scalarWidth).max() ?? 0
    }

    /// The columns one scalar covers on its own: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int { scalarWidth(scalar) }

    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if isControl(scalar) { return 0 }
        if isZeroWidth(scalar) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return WidthTable.isWide(value) ? 2 : 1
    }

    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (value >= 0x7F && value < 0xA0)
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x00AD { return false }  // a soft hyphen shows as one column in terminals
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }  // Hangul medial and final jamo
        if value == 0x200B { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.properties.isDefaultIgnorableCodePoint
        }
    }
}
