import Foundation

/// An HTTP `Link` header (RFC 8288) as the Mastodon API pages with it:
/// `<https://host/api/v1/timelines/home?max_id=1>; rel="next", <…?min_id=9>; rel="prev"`.
struct LinkHeader: Sendable, Equatable {
    /// The `rel="next"` address (older statuses), if any.
    let next: URL?
    /// The `rel="prev"` address (newer statuses), if any.
    let previous: URL?

    /// The longest header read; a longer one is no header.
    static let maxBytes = 8_192

    /// Parses `text`; links with another `rel`, or that are not http(s), are ignored.
    init(_ text: String?) {
        var next: URL?, previous: URL?
        if let text, text.utf8.count <= Self.maxBytes {
            for link in text.split(separator: ",") {
                let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">"),
                    let url = URL(string: String(target.dropFirst().dropLast())),
                    ["http", "https"].contains(url.scheme?.lowercased() ?? "")
                else { continue }
                let relations = parts.dropFirst().compactMap { part -> [Substring]? in
                    let pair = part.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[0].lowercased() == "rel" else { return nil }
                    return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: " ")
                }.flatMap { $0 }
                if relations.contains("next"), next == nil { next = url }
                if relations.contains("prev"), previous == nil { previous = url }
            }
        }
        self.next = next
        self.previous = previous
    }

    /// The value of `name` in `url`'s query (`max_id`, `min_id`), if it has one.
    static func parameter(_ name: String, of url: URL?) -> String? {
        guard let url, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else { return nil }
        return items.first { $0.name == name }?.value
    }
}
