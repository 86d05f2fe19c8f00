@testable import TerminalUI
@testable import TerminalUIInterface

/// The reference oracle: `TextLayout` as it was before the single-pass rewrite, copied verbatim
/// (quadratic for long words, but right). The new implementation must give identical results.
enum LegacyTextLayout {
    /// Splits `text` into lines of at most `width` columns, breaking at spaces when it can and
    /// inside a word longer than a line. Newlines in `text` start new lines.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        // Any line break ends a paragraph: "\n", "\r\n" (one Character in Swift), "\r", U+2028.
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            wrapParagraph(sanitized(String(paragraph)), width: width, into: &lines)
        }
        while lines.last?.isEmpty == true, lines.count > 1 { lines.removeLast() }
        return lines
    }

    /// `text` cut to at most `width` columns, ending in `ellipsis` when cut.
    static func truncate(_ text: String, width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let clean = sanitized(text)
        if DisplayWidth.of(clean) <= width { return clean }
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        guard ellipsisWidth < width else { return prefix(clean, width: width) }
        return prefix(clean, width: width - ellipsisWidth) + ellipsis
    }

    /// The longest start of `text` that fits in `width` columns.
    static func prefix(_ text: String, width: Int) -> String {
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
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { DisplayWidth.isControl($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if character == "\t" {
                out.append(" ")
            } else if let first = character.unicodeScalars.first, DisplayWidth.isControl(first) {
                continue
            } else {
                out.append(character)
            }
        }
        return out
    }

    private static func wrapParagraph(_ paragraph: String, width: Int, into lines: inout [String]) {
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            var wordWidth = DisplayWidth.of(String(word))
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > width {
                let head = prefix(String(word), width: width)
                let piece = head.isEmpty ? String(word.prefix(1)) : head
                lines.append(piece)
                word = word.dropFirst(piece.count)
                wordWidth = DisplayWidth.of(String(word))
            }
            line = String(word)
            lineWidth = wordWidth
        }
        lines.append(line)
    }
}
