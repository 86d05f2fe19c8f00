import Foundation
import Testing

@testable import SafeText

/// `SafeText.jsonQuoted`: the one JSON string quoting of the host's output and workspace-check's.
@Suite struct JSONQuotedTests {
    @Test func quotesEscapesAndHidesNothing() throws {
        let hostile = SafeTextTests.hostile + "\"\\\t\u{7F}é✓"
        let quoted = SafeText.jsonQuoted(hostile)
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || SafeText.isHidden($0) }, "no control or hidden character is left raw")
        #expect(quoted.hasPrefix("\"a\\u001b]52") && quoted.contains("\\u202e") && quoted.contains("\\r\\n") && quoted.contains("\\\"\\\\\\t"))
        let decoded = try JSONDecoder().decode(String.self, from: Data(quoted.utf8))
        #expect(decoded == hostile, "the JSON means the same string")
        #expect(SafeText.jsonQuoted("") == "\"\"")
    }
}
