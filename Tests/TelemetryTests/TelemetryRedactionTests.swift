import Foundation
import Telemetry
import TelemetryInterface
import Testing

/// An error event's words keep the program's wording and lose who and where the user is.
@Suite struct TelemetryRedactionTests {
    let redaction = TelemetryRedaction(secrets: ["ana.b", "ana.b on https://feed.example:8443", "feed.example"])

    @Test func pathsURLsAddressesAndTheAccountAreTakenOut() {
        let line = "feed: the like queue at /home/ana/.cache/feed/likes-feed.example-8443-ana.b-1f2e.sqlite was unreadable "
            + "(file is not a database); moved it aside to '/home/ana/.cache/feed/likes.sqlite.1' for ana.b on https://feed.example:8443 "
            + "— mail ana@example.org, see ~/notes or https://other.example/x?token=abc"
        let sent = redaction.redact(line, limit: 500)
        #expect(!sent.contains("/home") && !sent.contains("ana") && !sent.contains("feed.example") && !sent.contains("token"), "\(sent)")
        #expect(sent.contains("feed: the like queue at <path> was unreadable (file is not a database); moved it aside to '<path>'"))
        #expect(sent.contains("for <redacted>"), "\(sent)")
        #expect(sent.contains("mail <email>, see <path> or <url>"), "\(sent)")
    }

    @Test func controlCharactersGoAndTheMessageIsCut() {
        let sent = redaction.redact("a\u{1B}[31mb\nc " + String(repeating: "x", count: 500))
        #expect(!sent.unicodeScalars.contains { $0.value < 0x20 })
        #expect(sent.count <= 200)
    }

    @Test func theQueueKeepsOnlyTheRedactedWords() async throws {
        let directory = TestDirectory()
        var configuration = TelemetryConfiguration(queueFile: directory.queue, consent: .on)
        configuration.redaction = redaction
        let pipeline = TelemetryPipeline(configuration: configuration, sinks: [], warn: { _ in })
        TelemetryTracker(recorder: pipeline, owner: "likes").track(.error(code: "persistent-like-queue", message: "cannot open /home/ana/x.sqlite for ana.b"))
        #expect(await pipeline.writeNow())
        let event = try #require(try await pipeline.queue()?.contents().events.first)
        #expect(event.properties["message"] == .text("cannot open <path> for <redacted>"))
        #expect(event.properties["code"] == .text("persistent-like-queue"))
    }
}
