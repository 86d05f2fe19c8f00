import FeedInterface
import Foundation
import HTTPServer
import Synchronization
import Testing
import TestingSupport
@testable import Host

/// A loopback server with one post whose like writes are held until the test lets them go, and
/// that counts how many like writes were in flight at once.
private final class LikeServer: Sendable {
    private struct State {
        var inFlight = 0
        var mostInFlight = 0
        var writes: [Bool] = []
        var liked = false
        var open = false
    }

    private final class Shared: Sendable {
        let mutex = Mutex(State())
    }

    private let shared = Shared()
    let server: HTTPServer

    init() {
        let shared = shared
        server = HTTPServer(port: 0, log: nil) { request in
            switch request.path {
            case "/v1/feed":
                let item = #"{"id":"p1","author":{"id":"u1","name":"Ana"},"caption":"","image":{"url":"https://img.example/p1.jpg","width":4,"height":5},"likeCount":10}"#
                return .json(200, Data(#"{"items":[\#(item)],"nextCursor":null}"#.utf8))
            case "/v1/likes":
                return .json(200, Data(#"{"liked":[]}"#.utf8))
            case "/v1/posts/p1/like":
                let wanted = String(decoding: request.body, as: UTF8.self).contains("true")
                shared.mutex.withLock {
                    $0.inFlight += 1
                    $0.mostInFlight = max($0.mostInFlight, $0.inFlight)
                    $0.writes.append(wanted)
                }
                let deadline = ContinuousClock.now + .seconds(50)
                while !shared.mutex.withLock({ $0.open }), ContinuousClock.now < deadline {
                    try? await Task.sleep(for: .milliseconds(5))
                }
                let count = shared.mutex.withLock { state in
                    state.inFlight -= 1
                    state.liked = wanted
                    return wanted ? 11 : 10
                }
                return .json(200, Data(#"{"liked":\#(wanted),"likeCount":\#(count)}"#.utf8))
            default:
                return .json(404, Data(#"{"error":"no route"}"#.utf8))
            }
        }
    }

    func start() throws -> URL { URL(string: "http://127.0.0.1:\(try server.start())")! }
    func release() { shared.mutex.withLock { $0.open = true } }
    var writes: [Bool] { shared.mutex.withLock { $0.writes } }
    var mostInFlight: Int { shared.mutex.withLock { $0.mostInFlight } }
    var liked: Bool { shared.mutex.withLock { $0.liked } }
}

@MainActor
@Suite struct AppServicesTests {
    @Test func twoScreensBuiltFromTheSameServicesShareOneLikeUseCase() async throws {
        let likes = LikeServer()
        var options = HostOptions()
        options.server = try likes.start()
        options.dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("host-tests-\(UUID().uuidString)")
        // The first write is held while the test taps: longer than the default 10 s on a loaded
        // box, and a write that timed out would be sent again (a third write the test did not make).
        options.requestTimeout = .seconds(60)
        defer { likes.server.stop() }
        let services = try await AppServices.start(options)
        let feed = services.makeFeedViewModel()
        let other = services.makeFeedViewModel()
        await feed.onAppear()?.value
        await other.onAppear()?.value

        // A tap on a heart still being read is not taken: both screens know it first.
        try #require(await eventually { feed.viewState.rows.first?.heart.isLiked != nil && other.viewState.rows.first?.heart.isLiked != nil })
        // Taps on one post from both screens while the first write is held.
        let first = try #require(feed.toggleLike("p1"), "the first tap is taken")
        // Required: the taps below must come while the first write is held.
        try #require(await eventually { !likes.writes.isEmpty })
        // A tap reaches the shared use case in a task of its own, and tasks may arrive there in any
        // order on a loaded box; each tap that arrives supersedes the one before it (whose task
        // then ends). So each tap is made once the one before has arrived: all three are in, in
        // order, while the first write is still held.
        let second = other.toggleLike("p1")
        await first.value
        let third = feed.toggleLike("p1")
        await second?.value
        let fourth = other.toggleLike("p1")
        await third?.value
        #expect([second, third, fourth].map { $0 != nil } == [true, true, true], "every tap is taken")
        likes.release()
        #expect(await feed.waitUntilIdle(timeout: .seconds(20)))
        #expect(await other.waitUntilIdle(timeout: .seconds(20)))

        #expect(likes.mostInFlight == 1, "one request in flight per post, across screens")
        #expect(likes.writes.count <= 2, "the taps during the first write collapse into one follow-up")
        #expect(likes.liked == false, "four taps: the server ends as before \(likes.writes)")
        #expect(other.viewState.rows.first?.heart == .notLiked)
    }
}
