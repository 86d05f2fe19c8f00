import Foundation
@testable import Networking
import Testing
import TestingSupport

/// Each test runs its request again in a child process (see `ChildTestProcess`), so the resident
/// size it reads is the client's alone, whatever other tests do in parallel.
@Suite("HTTPTransportClient: memory stays bounded (child process)", .heavy)
struct MemoryBoundTests {
    /// The most the client may grow (peak resident size) while refusing a body over the 8 MB
    /// limit: the limit, the transfer's buffers and the engine's thread. (With URLSession it grew
    /// +8 to +15 MB for the endless body at 64 MB/s, see `fastLAN`, and +10 to +12 MB for the
    /// 256 MB gzip bomb; without the limit, +1 GB within 3 s.)
    static let allowedGrowth = (8 << 20) + (16 << 20)

    @Test func endlessChunkedBodyKeepsTheClientSmall() async throws {
        let name = "endlessChunked"
        let hostile = RawReplyServer.Reply(
            head: Array(rawHead("HTTP/1.1 200 OK\nContent-Type: application/json\nTransfer-Encoding: chunked\n\n").utf8),
            repeating: chunk(size: 64 << 10), every: fastLAN)
        if ChildTestProcess.isChild(name) { return try await Self.measure(hostile) }
        try await Self.check(name, filter: "MemoryBoundTests/endlessChunkedBodyKeepsTheClientSmall")
    }

    @Test func gzipBombKeepsTheClientSmall() async throws {
        let name = "gzipBomb"
        if ChildTestProcess.isChild(name) {
            let bomb = GzipZeros.gzip(count: 256 << 20)
            let head = "HTTP/1.1 200 OK\nContent-Encoding: gzip\nContent-Length: \(bomb.count)\nConnection: close\n\n"
            return try await Self.measure(RawReplyServer.Reply(head: Array(rawHead(head).utf8) + bomb))
        }
        try await Self.check(name, filter: "MemoryBoundTests/gzipBombKeepsTheClientSmall")
    }

    /// In the parent: runs the child and checks what it measured.
    private static func check(_ name: String, filter: String) async throws {
        let result = try await ChildTestProcess.run(test: name, filter: filter)
        #expect(result.status == 0, "the child failed:\n\(result.output)")
        let values = result.values
        let before = try #require(values["before"].flatMap { Int($0) }, "no RESULT line:\n\(result.output)")
        let peak = try #require(values["peak"].flatMap { Int($0) })
        #expect(values["error"] == "bodyTooLarge")
        #expect(peak - before <= allowedGrowth, "grew by \((peak - before) >> 10) KB")
        print("\(name): resident \(before >> 10) KB before, peak \(peak >> 10) KB (+\((peak - before) >> 10) KB), peak reset: \(values["reset"] ?? "?")")
    }

    /// In the child: a warm-up request, then the hostile one; prints what it measured.
    private static func measure(_ hostile: RawReplyServer.Reply) async throws {
        let ok = RawReplyServer.Reply(head: Array(rawHead("HTTP/1.1 200 OK\nContent-Length: 2\nConnection: close\n\n{}").utf8))
        let server = try RawReplyServer { $0 == 1 ? ok : hostile }
        defer { server.stop() }
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: server.baseURL, retry: .none))
        _ = try await client.send(.get("/warm-up"))
        let reset = ChildTestProcess.resetPeak()
        let before = ChildTestProcess.memory()

        let error = await failure(of: client, .get("/v1/feed"))

        #expect(error == .bodyTooLarge(limit: 8 << 20))
        // The transfer winds down after the answer: wait until the server saw the connection close.
        #expect(await eventually { server.openConnections == 0 })
        let after = ChildTestProcess.memory()
        let kind = error.map { if case .bodyTooLarge = $0 { "bodyTooLarge" } else { "other" } } ?? "none"
        print("RESULT before=\(before.resident) peak=\(reset ? after.peak : max(after.peak, after.resident)) after=\(after.resident) reset=\(reset) error=\(kind)")
    }
}
