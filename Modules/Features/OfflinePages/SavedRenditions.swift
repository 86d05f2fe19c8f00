import FeedInterface
import Foundation

/// A photo's renditions as the cache keeps them: one JSON text, `[{"width":150,"url":"…"}, …]`.
enum SavedRenditions {
    private struct Entry: Codable {
        var width: Int
        var url: String
    }

    /// The longest text read back; a longer one (a file others filled) reads as none.
    static let maxBytes = PostLimits.renditions * (PostLimits.urlBytes.upperBound + 32)

    /// The text for `renditions`, or `nil` when there are none.
    static func encode(_ renditions: [ImageRendition]) -> String? {
        guard !renditions.isEmpty else { return nil }
        let entries = renditions.map { Entry(width: $0.width, url: $0.url.absoluteString) }
        return (try? JSONEncoder().encode(entries)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The renditions in `text`, checked like the network's (`PostLimits`); none when it is missing or unreadable.
    static func decode(_ text: String?) -> [ImageRendition] {
        guard let text, !text.isEmpty, text.utf8.count <= maxBytes,
            let entries = try? JSONDecoder().decode([Entry].self, from: Data(text.utf8))
        else { return [] }
        return PostLimits.checked(entries.compactMap { entry in URL(string: entry.url).map { ImageRendition(width: entry.width, url: $0) } })
    }
}
