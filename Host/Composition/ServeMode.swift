import FeedServer
import Foundation

/// `feed serve`: only the reference server, until interrupted.
enum ServeMode {
    static func run(_ arguments: [String]) async -> Int32 {
        let options: FeedServerOptions
        do {
            guard let parsed = try FeedServerOptions.parse(arguments) else {
                StandardStreams.out(FeedServerOptions.usage)
                return 0
            }
            options = parsed
        } catch {
            StandardStreams.err("feed serve: \(error.message)")
            return 2
        }
        let server = FeedServer(options: options, log: { StandardStreams.err($0) })
        let port: UInt16
        do {
            port = try server.start()
        } catch {
            StandardStreams.err("feed serve: \(error)")
            return 1
        }
        // Signals are caught before the server says it is up: a stop right after that line is clean.
        let signals = SignalWaiter()
        let apis = switch options.api {
        case .both: "the feed API and the Mastodon API"
        case .feed: "the feed API"
        case .mastodon: "the Mastodon API"
        }
        StandardStreams.out("feed serve: listening on http://127.0.0.1:\(port) (\(options.posts) posts, seed \(options.seed); \(apis)); Ctrl-C stops")
        if options.control {
            StandardStreams.out("feed serve: control on: PUT http://127.0.0.1:\(port)/v1/control/flags {\"flags\":{\"KEY\":BOOL}}")
        }
        await signals.waitForTermination()
        server.stop()
        StandardStreams.err("feed serve: stopped")
        return 0
    }
}
