/// Makes text from the network fit in one line of an error message.
enum OneLineText {
    /// `text` with control and format characters (newlines, escape sequences, bidi marks) and
    /// runs of white space turned into single spaces, trimmed, and cut at `limit` characters with `…`.
    static func clean(_ text: some StringProtocol, limit: Int = 200) -> String {
        var line = ""
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            let isSpace = scalar.properties.isWhitespace || category == .control || category == .format
                || category == .lineSeparator || category == .paragraphSeparator
            if isSpace {
                if !lastWasSpace { line.unicodeScalars.append(" ") }
            } else {
                line.unicodeScalars.append(scalar)
            }
            lastWasSpace = isSpace
            if line.unicodeScalars.count > limit * 4 { break }
        }
        while line.last == " " { line.removeLast() }
        if line.count > limit { line = String(line.prefix(max(0, limit - 1))) + "…" }
        return line
    }
}
