/// Wording shared by the diagnostics: keys shown safely, long lists cut to a few names.
enum FlagMessages {
    /// How many names a summary lists before "and N more".
    static let listedNames = 5
    /// The longest key shown whole; a longer one is cut with "…".
    static let longestShownKey = 64

    /// `key` in single quotes, cut when long, with control and bidirectional-override characters
    /// escaped, so a hostile key cannot change the terminal or hide text.
    static func quoted(_ key: String) -> String {
        var out = ""
        var shown = 0
        for scalar in key.unicodeScalars {
            if shown == longestShownKey {
                out += "…"
                break
            }
            shown += 1
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F..<0xA0).contains(value)
            let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
            out += isControl || isBidi ? "\\u{\(String(value, radix: 16))}" : String(scalar)
        }
        return "'\(out)'"
    }

    /// `'a', 'b', 'c'` — or, for more than `listedNames` keys, the first ones and "and N more".
    static func list(_ keys: [String]) -> String {
        let shown = keys.prefix(listedNames).map(quoted).joined(separator: ", ")
        return keys.count > listedNames ? "\(shown) and \(keys.count - listedNames) more" : shown
    }

    /// "1 flag", "3 flags".
    static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
