import FeedInterface
import Foundation
import Testing

@testable import Host

/// What the host writes for people and scripts: JSON that is the same data but carries no control
/// or bidi character raw, and stderr lines with no escape sequence in them.
@Suite struct OutputSafetyTests {
    @Test func jsonEscapesEveryControlAndBidiCharacter() throws {
        let hostile = "a\u{1B}]52;c;ZXZpbA==\u{07}b\u{7F}c\u{9B}31md\u{202E}e\u{2066}f"
        let quoted = JSONWriter.quoted(hostile)
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E || $0.value == 0x2066 })
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
        #expect(decoded == [hostile], "the same string once read")
        #expect(JSONWriter.quoted("Björk 東京 👩‍👩‍👧") == "\"Björk 東京 👩‍👩‍👧\"", "what is shown as it is stays as it is")
    }

    @MainActor
    @Test func aFollowUpsFieldNeverReplacesOneTheHostWrites() throws {
        let image = ImageRef(url: URL(fileURLWithPath: "/p1.jpg"), width: 4, height: 4)
        let row = PostRow(post: Post(id: "p1", author: Author(id: "u1", name: "Ana"), caption: "c", image: image, likeCount: 3, like: .liked))
        let rows = StateJSON.rows([row], fields: { _ in [("heart", "\"forged\""), ("pending", "true")] })
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(rows.utf8)) as? [[String: Any]])
        #expect(decoded.first?["heart"] as? String == "liked", "the host's heart stays")
        #expect(decoded.first?["pending"] as? Bool == true, "a field of its own name is written")
        let state = StateJSON.encode(.initial, fields: [("screen", "\"forged\""), ("queued", "0")])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
        #expect(object["screen"] as? String == "feed")
        #expect(object["queued"] as? Int == 0)
    }
}
