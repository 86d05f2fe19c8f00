/// Text from a server, a file or a user made safe for a terminal or a log: no control character
/// (escape sequences, a bell, a carriage return), no format or bidirectional-override character
/// (which could hide or reorder what a reader sees), and a bounded length. Every string that comes
/// from outside passes here before a terminal, a log line or stderr sees it.
public enum SafeText {
    /// `text` as one line: control, format and separator characters and runs of white space become
    /// one space, the ends are trimmed, and it is cut at `limit` characters with `…`.
    public static func line(_ text: some StringProtocol, limit: Int = 200) -> String {
        var line = ""
        var count = 0
        var lastWasSpace = true
        let limit = max(1, limit)
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace || isHidden(scalar)
            if isSpace {
                if !lastWasSpace { line.unicodeScalars.append(" ") }
            } else {
                line.unicodeScalars.append(scalar)
            }
            lastWasSpace = isSpace
            count += 1
            // Enough scalars for `limit` characters of any width: the rest is never read.
            if count > limit * 8 { break }
        }
        while line.last == " " { line.removeLast() }
        if line.count > limit { line = String(line.prefix(limit - 1)) + "…" }
        return line
    }

    /// `text` kept exactly but made visible: each control, format or bidirectional character is
    /// written as `\u{1b}`, and past `limit` characters it ends in `…` (for IDs and keys, where
    /// which bytes came matters).
    public static func escaped(_ text: some StringProtocol, limit: Int = 64) -> String {
        var out = ""
        var shown = 0
        for scalar in text.unicodeScalars {
            if shown == max(1, limit) {
                out += "…"
                break
            }
            shown += 1
            if isHidden(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` of several lines, as written (spaces and tabs kept): the line breaks stay, every other
    /// hidden character becomes a space, a line is cut at `limit` characters with `…`, and there are
    /// at most `maxLines` lines.
    public static func lines(_ text: some StringProtocol, limit: Int = 1_000, maxLines: Int = 1_000) -> String {
        let (limit, maxLines) = (max(1, limit), max(1, maxLines))
        var out = ""
        var line = ""
        var lines = 0
        var read = 0
        func endLine() {
            if line.count > limit { line = String(line.prefix(limit - 1)) + "…" }
            out += line
            line = ""
            lines += 1
        }
        // By scalar, not by Character: "\r\n" is one Character, and its CR must go.
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                endLine()
                read = 0
                guard lines < maxLines else { return out + "\n…" }
                out += "\n"
                continue
            }
            read += 1
            guard read <= limit * 8 else { continue }
            line.unicodeScalars.append(scalar == "\t" || !isHidden(scalar) ? scalar : " ")
        }
        endLine()
        return out
    }

    /// Whether `scalar` is a control, format or separator character: one a terminal may act on, or
    /// one that shows nothing (and may hide or reorder what is around it). The zero-width joiners
    /// that build an emoji (U+200C, U+200D) are kept.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value != 0x200C && scalar.value != 0x200D else { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
