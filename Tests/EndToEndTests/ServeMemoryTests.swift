import EndToEndTesting
import Foundation
import LoopbackTesting
import Testing
import TestingSupport

/// `feed serve` under hostile traffic: its memory, measured in its own process (not beside the
/// other tests of this one), stays flat.
@Suite("feed serve under hostile traffic", .heavy)
struct ServeMemoryTests {
    @Test("20,000 requests with junk cursors, methods, post ids and paths leave the server's memory within 5 MB")
    func hostileTrafficKeepsMemoryFlat() async throws {
        let feed = try FeedProcess(["serve", "--port", "0"])
        defer { feed.terminate() }
        let line = try await feed.nextOutputLine()
        let port = try #require(Self.port(in: line), "\(line)")
        // Warm-up: threads, buffers and caches reach their steady size. Each connection's handler
        // runs on its own thread, and glibc gives threads their own malloc arenas (up to 8 per
        // core): 40 connections bring every arena into use before the measurement.
        _ = try await onOwnThread { try HostileTraffic.send(port: port, from: 0, count: 2_000, perConnection: 50) }
        let before = try residentBytes(of: feed.pid)
        let statuses = try await onOwnThread { try HostileTraffic.send(port: port, from: 2_000, count: 20_000) }
        let after = try residentBytes(of: feed.pid)
        #expect(statuses.values.reduce(0, +) == 20_000)
        #expect(Set(statuses.keys).isSubset(of: [400, 404, 405]), "\(statuses)")
        #expect(after - before < 5 << 20, "VmRSS grew from \(before >> 10) kB to \(after >> 10) kB")
    }

    /// The port in "feed serve: listening on http://127.0.0.1:PORT …".
    private static func port(in line: String) -> UInt16? {
        guard let range = line.range(of: "http://127.0.0.1:") else { return nil }
        return UInt16(line[range.upperBound...].prefix { $0.isNumber })
    }
}
