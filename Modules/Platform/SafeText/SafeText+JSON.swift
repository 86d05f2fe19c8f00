extension SafeText {
    /// `value` as a JSON string literal. Controls (C0, DEL, C1) and characters that hide or reorder
    /// text (bidi overrides) are escaped as `\u` and four hex digits: the JSON means the same, and a terminal showing
    /// the line acts on none of them.
    public static func jsonQuoted(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || isHidden(c):
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
