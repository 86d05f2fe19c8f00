import SafeText

/// JSON text for the headless state: an array of strings, each quoted by `SafeText.jsonQuoted`.
enum JSONText {
    /// `texts` as a JSON array of strings.
    static func array(_ texts: [String]) -> String {
        "[" + texts.map(SafeText.jsonQuoted).joined(separator: ",") + "]"
    }
}
