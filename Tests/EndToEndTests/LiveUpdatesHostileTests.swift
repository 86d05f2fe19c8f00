import EndToEndTesting
import FeedServer
import Foundation
import LoopbackTesting
import Testing
import TestingSupport

/// `live-updates` against hostile streams (`--live-fault`): bounded memory, no crash, one clear
/// log line however often it reconnects, and a reconnect where the stream cannot be read on.
@Suite(.heavy) struct LiveUpdatesHostileTests {
    private static let arguments = ["--enable", "live-updates", "--live-backoff", "50", "--live-idle-timeout", "500"]

    @Test(arguments: LiveStreamFault.allCases.filter { $0 != .flood })
    func aStreamThatCannotBeReadOnIsDroppedWithOneLineAndReopened(fault: LiveStreamFault) async throws {
        let server = try LiveUpdatesTests.LoggedServer { $0.faults.liveFault = fault }
        let feed = try server.headless(Self.arguments)
        _ = try await feed.send("open")
        // A stream that never steadies never settles: a short settle, then the reconnects are counted.
        _ = try await feed.send("settle 1000")
        try await server.wait(for: "GET /v1/live?", count: 3, timeout: .seconds(30))
        let state = try await feed.send("state")
        #expect(["connecting", "open", "retrying"].contains(state["live"] as? String ?? ""), "\(state["live"] ?? "nil")")
        #expect(try residentBytes(of: feed.pid) < 200 << 20, "memory stays bounded")
        #expect(try await feed.finish() == 0)
        let errors = await feed.errorOutput()
        let lines = errors.filter { $0.contains("live updates") }
        #expect(lines.count == 1, "one clear line: \(lines)")
        #expect(!errors.joined().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "no control byte reaches stderr")
    }

    @Test func tenThousandEventsASecondAreCoalescedInBoundedMemory() async throws {
        let server = try LiveUpdatesTests.LoggedServer { $0.faults.liveFault = .flood }
        let feed = try server.headless(Self.arguments)
        _ = try await feed.send("open")
        _ = try await feed.send("settle 1000")
        let deadline = ContinuousClock.now + .seconds(20)
        var state = try await feed.send("state")
        while state["live"] as? String != "open" && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            state = try await feed.send("state")
        }
        #expect(state["live"] as? String == "open")
        // A second of flood, read through `state` answers that keep coming.
        for _ in 0..<10 {
            _ = try await feed.send("state")
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try residentBytes(of: feed.pid) < 200 << 20, "memory stays bounded")
        #expect(server.count("GET /v1/live?") == 1, "a flood is read, not dropped")
        #expect(try await feed.finish() == 0)
    }
}
