import TerminalUIInterface

/// Fits text into columns by display width: word wrapping, truncating with an ellipsis.
///
/// Control characters never reach the screen: tabs become spaces and other controls are
/// dropped, so text from a server cannot move the cursor or change the terminal.
///
/// Every function reads its text once, front to back, and stops as soon as the answer is known:
/// the cost follows what is shown (`maxLines`, `width`), not the length of a hostile caption.
public enum TextLayout {
    /// Splits `text` into lines of at most `width` columns, breaking at spaces when it can and
    /// inside a word longer than a line. Newlines in `text` start new lines. With `maxLines`,
    /// returns the first `maxLines` of those lines and reads no further than it needs to.
    public static func wrap(_ text: String, width: Int, maxLines: Int = .max) -> [String] {
        measuredWrap(text, width: width, maxLines: maxLines).lines
    }

    /// `wrap` plus the units of work it did (bytes examined, Characters segmented), for tests.
    static func measuredWrap(_ text: String, width: Int, maxLines: Int) -> (lines: [String], work: Int) {
        guard width > 0, maxLines > 0 else { return ([], 0) }
        var copy = text
        return copy.withUTF8 { bytes in
            var reader = SanitizedReader(bytes: bytes, splitsParagraphs: true)
            var wrapper = LineWrapper(width: width, maxLines: maxLines)
            while !wrapper.isSettled, let item = reader.next() {
                switch item {
                case .character(let character): wrapper.add(character)
                case .paragraphEnd: wrapper.endParagraph()
                }
            }
            if wrapper.isSettled { return (wrapper.lines, reader.work) }
            return (wrapper.finish(), reader.work)
        }
    }

    /// `text` cut to at most `width` columns, ending in `ellipsis` when cut.
    public static func truncate(_ text: String, width: Int, ellipsis: String = "…") -> String {
        measuredTruncate(text, width: width, ellipsis: ellipsis).text
    }

    /// `truncate` plus the units of work it did, for tests.
    static func measuredTruncate(_ text: String, width: Int, ellipsis: String) -> (text: String, work: Int) {
        guard width > 0 else { return ("", 0) }
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        let keptWidth = ellipsisWidth < width ? width - ellipsisWidth : width
        var copy = text
        return copy.withUTF8 { bytes in
            var reader = SanitizedReader(bytes: bytes, splitsParagraphs: false)
            var whole = ""
            var wholeWidth = 0
            var kept = ""
            var keptColumns = 0
            var keeping = true
            while case .character(let character) = reader.next() {
                let columns = DisplayWidth.of(character)
                if keeping, keptColumns + columns <= keptWidth {
                    kept.append(character)
                    keptColumns += columns
                } else {
                    keeping = false
                }
                wholeWidth += columns
                if wholeWidth > width {
                    return (ellipsisWidth < width ? kept + ellipsis : kept, reader.work)
                }
                whole.append(character)
            }
            return (whole, reader.work)
        }
    }

    /// `text` in `width` columns like `truncate`, but a cut ends at a word boundary: the words that
    /// fit whole, then `ellipsis` — never half a word. A first word too wide alone is cut as `truncate` would.
    public static func truncateAtWord(_ text: String, width: Int, ellipsis: String = "…") -> String {
        let cut = truncate(text, width: width, ellipsis: ellipsis), clean = sanitized(text)
        let kept = cut.dropLast(ellipsis.count)
        guard width > DisplayWidth.of(ellipsis), cut.hasSuffix(ellipsis), cut != clean, clean.hasPrefix(kept) else { return cut }
        // A cut inside a word drops that word's start; then trailing spaces and joining punctuation go.
        let inWord = clean.dropFirst(kept.count).first?.isWhitespace != true
        var words = inWord ? kept[..<(kept.lastIndex(where: \.isWhitespace) ?? kept.startIndex)] : kept
        while let last = words.last, last.isWhitespace || ",;:-–—".contains(last) { words.removeLast() }
        return words.isEmpty ? cut : words + ellipsis
    }

    /// The longest start of `text` that fits in `width` columns; reading stops at the first
    /// Character that does not fit.
    public static func prefix(_ text: String, width: Int) -> String {
        var used = 0
        var out = ""
        for character in text {
            let columns = DisplayWidth.of(character)
            if used + columns > width { break }
            used += columns
            out.append(character)
        }
        return out
    }

    /// `text` with tabs turned into spaces and every other control character removed.
    public static func sanitized(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { bytes in
            // Control characters are always grapheme clusters of their own (or CR LF), so
            // dropping their scalars drops exactly the Characters that start with one.
            guard let first = firstControlOffset(bytes) else { return text }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            out.append(contentsOf: bytes[..<first])
            var offset = first
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == 0x09 {
                    out.append(0x20)
                } else if byte < 0x20 || byte == 0x7F {
                    // dropped
                } else if byte == 0xC2, offset + 1 < bytes.count, (0x80...0x9F).contains(bytes[offset + 1]) {
                    offset += 1
                } else {
                    out.append(byte)
                }
                offset += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The offset of the first control character (C0, DEL or C1) in UTF-8 `bytes`, if any.
    private static func firstControlOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte < 0x20 || byte == 0x7F { return offset }
            if byte == 0xC2, offset + 1 < bytes.count, (0x80...0x9F).contains(bytes[offset + 1]) { return offset }
            offset += 1
        }
        return nil
    }
}
