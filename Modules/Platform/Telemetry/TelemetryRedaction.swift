import SafeText

/// What an error event may carry off the device: its message with whatever could say who or where
/// the user is taken out. Paths (`/home/ana/...`, `~/...`), URLs, e-mail addresses and the words in
/// `secrets` (the account name, the server) become `<path>`, `<url>`, `<email>` and `<redacted>`;
/// control characters go and the message is cut to `limit`. What is left is the program's own wording.
public struct TelemetryRedaction: Sendable {
    /// Words never to send, longest first (so a longer one is taken out before a part of it).
    public let secrets: [String]

    /// A redaction that also takes out each of `secrets` (empty ones are ignored).
    public init(secrets: [String] = []) {
        self.secrets = Array(Set(secrets.filter { $0.count >= 2 })).sorted { $0.count > $1.count }
    }

    /// `message` as it may be sent.
    public func redact(_ message: String, limit: Int = 200) -> String {
        var text = SafeText.line(message, limit: 2_000)
        for secret in secrets {
            text = text.replacingAll(secret, with: "<redacted>")
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let trimmed = word.trimmingPunctuation()
            guard !trimmed.core.isEmpty else { return String(word) }
            let core = trimmed.core
            let replaced: String? =
                if core.contains("://") { "<url>" }
                else if core.hasPrefix("/") || core.hasPrefix("~/") || core.hasPrefix("./") || core.hasPrefix("../") { "<path>" }
                else if core.contains("@") && core.contains(".") && !core.hasPrefix("@") { "<email>" }
                else { nil }
            guard let replaced else { return String(word) }
            return trimmed.before + replaced + trimmed.after
        }
        return SafeText.line(words.joined(separator: " "), limit: limit)
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement`, comparing exactly (no locale).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension Substring {
    /// The word without the punctuation around it (quotes, brackets, a final colon or comma).
    fileprivate func trimmingPunctuation() -> (before: String, core: String, after: String) {
        let opening: Set<Character> = ["(", "[", "{", "\"", "'", "`", "<"]
        let closing: Set<Character> = [")", "]", "}", "\"", "'", "`", ">", ",", ";", ":", "."]
        var start = startIndex
        var end = endIndex
        while start < end, opening.contains(self[start]) { start = index(after: start) }
        while end > start, closing.contains(self[index(before: end)]) { end = index(before: end) }
        return (String(self[startIndex..<start]), String(self[start..<end]), String(self[end..<endIndex]))
    }
}
