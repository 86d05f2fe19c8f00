import FeedInterface
import FeedServer
import FeedTesting
import Foundation
import LikesTesting
import LiveUpdates
import Networking
import PluginInterface
import PluginKit
import StoreTesting

/// `live-updates-demo`: the live stream built and run on its own, against an embedded reference
/// server whose other users like posts every `--others-like-every` ms; prints each count that
/// changes on the 20 posts it holds, then a summary line.
@main
enum LiveUpdatesDemo {
    static let usage = """
        usage: live-updates-demo [--others-like-every MS] [--seconds N]
          --others-like-every MS  other users like or unlike a post every MS ms, 10…60000 (default 200)
          --seconds N             how long to listen, 1…3600 (default 5)
        """

    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the demo with `arguments`; returns the exit status.
    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        var (every, seconds) = (200, 5)
        var rest = arguments[...]
        while let name = rest.popFirst() {
            if name == "-h" || name == "--help" {
                print(usage)
                return 0
            }
            guard ["--others-like-every", "--seconds"].contains(name) else { return fail("unknown option '\(name)'") }
            guard let text = rest.popFirst(), let value = Int(text) else { return fail("\(name) needs an integer") }
            if name == "--seconds" {
                guard (1...3600).contains(value) else { return fail("invalid value '\(value)' for --seconds: 1…3600") }
                seconds = value
            } else {
                guard (10...60_000).contains(value) else { return fail("invalid value '\(value)' for --others-like-every: 10…60000") }
                every = value
            }
        }
        var options = FeedServerOptions(port: 0)
        options.faults.othersLikeEveryMS = every
        let server = FeedServer(options: options)
        let port: UInt16
        do { port = try server.start() } catch { return fail("the embedded server could not start: \(error)") }
        defer { server.stop() }
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: URL(string: "http://127.0.0.1:\(port)")!))
        // The post store is the fake of test support, holding p1…p20 (the server's first posts).
        let store = FakePostStore(likePost: FakeLikePostUseCase())
        _ = store.receive((1...20).map { FeedFixtures.post($0) }, requestedAt: store.stamp())
        var changes = 0
        _ = store.addObserver { batch in
            for change in batch {
                changes += 1
                print("\(change.id.rawValue)\t\(change.likeCount) likes")
            }
        }
        let live = LiveConnection(
            http: http,
            targets: LiveTargets(
                stores: { [store] }, newestShown: { "p1" }, newPosts: NoNewPosts(), relay: NewPostsBroadcast(), refreshFlags: {},
                warn: { FileHandle.standardError.write(Data("\($0)\n".utf8)) }))
        live.setWanted(true)
        try? await Task.sleep(for: .seconds(seconds))
        let state = live.state
        live.stop()
        print("live-updates-demo: \(changes) count changes in \(seconds) s over \(live.connections) stream(s), \(live.events) events; the stream was \(state.rawValue)")
        return state == .open ? 0 : 1
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("live-updates-demo: \(message)\n\(usage)\n".utf8))
        return 2
    }

    private struct NoNewPosts: NewPostsCounter {
        func newPostCount(since post: PostID) async throws -> Int { 0 }
    }
}
