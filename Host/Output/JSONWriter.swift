import SafeText

/// Writes JSON text with keys in the order given, so scripts and people read a stable shape.
struct JSONWriter {
    private(set) var text = ""

    /// A JSON string literal for `value`.
    static func quoted(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Controls (C0, DEL, C1) and characters that hide or reorder text (bidi overrides) are
            // escaped: the JSON is the same, and a terminal showing the line acts on none of them.
            case let c where c.value < 0x20 || SafeText.isHidden(c):
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A JSON object from key/value pairs whose values are already JSON text.
    static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A JSON string literal, or `null`.
    static func quotedOrNull(_ value: String?) -> String {
        value.map(quoted) ?? "null"
    }
}
