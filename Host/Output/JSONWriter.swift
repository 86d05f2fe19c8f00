import SafeText

/// Writes JSON text with keys in the order given, so scripts and people read a stable shape.
struct JSONWriter {
    private(set) var text = ""

    /// A JSON string literal for `value`, controls and hidden characters escaped (`SafeText.jsonQuoted`).
    static func quoted(_ value: String) -> String { SafeText.jsonQuoted(value) }

    /// A JSON object from key/value pairs whose values are already JSON text.
    static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A JSON string literal, or `null`.
    static func quotedOrNull(_ value: String?) -> String {
        value.map(quoted) ?? "null"
    }
}
