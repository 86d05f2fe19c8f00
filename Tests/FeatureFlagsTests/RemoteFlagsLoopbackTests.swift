import FeatureFlags
import Foundation
import HTTPServer
import Networking
import Synchronization
import Testing
import TestingSupport

/// A flags server on 127.0.0.1 that answers with an ETag, 304 to a matching If-None-Match, or
/// 429 with a Retry-After, and remembers the If-None-Match headers it received.
private final class FlagsEndpoint: Sendable {
    enum Mode { case normal, throttled }

    private let state = Mutex<(mode: Mode, seen: [String?])>((.normal, []))

    var seenIfNoneMatch: [String?] { state.withLock { $0.seen } }

    func setMode(_ mode: Mode) {
        state.withLock { $0.mode = mode }
    }

    func answer(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let mode = state.withLock { state in
            state.seen.append(request.headers["if-none-match"])
            return state.mode
        }
        guard request.path == "/v1/flags" else { return HTTPServerResponse(status: 404) }
        if mode == .throttled { return HTTPServerResponse(status: 429, headers: [("Retry-After", "4000")]) }
        if request.headers["if-none-match"] == #""v2""# { return HTTPServerResponse(status: 304, headers: [("ETag", #""v2""#)]) }
        return .json(200, Data(#"{"flags":{"alpha":true,"gamma":false}}"#.utf8), headers: [("ETag", #""v2""#)])
    }
}

@Suite("Remote flags over the real HTTP stack")
struct RemoteFlagsLoopbackTests {
    @Test("200 with an ETag, then 304 to If-None-Match, then a long Retry-After honoured")
    func etagAndRetryAfter() async throws {
        let flagsServer = FlagsEndpoint()
        let server = HTTPServer { flagsServer.answer($0) }
        let port = try server.start()
        defer { server.stop() }
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let fixture = try WatcherFixture(server: baseURL)
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: baseURL))
        let start = fixture.resolve()
        let watcher = fixture.watcher(flags: start, client: client)

        #expect(await watcher.refreshOnce() == .changed)
        #expect(try fixture.cacheFile()["etag"] as? String == #""v2""#)
        #expect(await !watcher.flags.isOn("gamma"), "the kill switch applies live")
        #expect(await watcher.refreshOnce() == .notModified)
        #expect(flagsServer.seenIfNoneMatch == [nil, #""v2""#])

        flagsServer.setMode(.throttled)
        let task = Task { await watcher.run() }
        #expect(await eventually { fixture.clock.sleeperCount == 1 })
        task.cancel()
        await task.value
        #expect(fixture.clock.requestedSleeps == [.seconds(4000)], "Retry-After: 4000 outlasts the 600 s backoff")
        #expect(flagsServer.seenIfNoneMatch.count == 3, "a Retry-After beyond the client's limit is not retried at once")

        let next = fixture.resolve()
        #expect(next.isOn("alpha") && next.sourceDescription(of: "alpha") == "remote (cached just now)")
    }
}
