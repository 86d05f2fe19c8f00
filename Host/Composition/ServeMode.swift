import FeedServer
import Foundation

/// `feed serve`: only the reference server, until interrupted.
enum ServeMode {
    static func run(_ arguments: [String]) async {
        if arguments.contains("--help") || arguments.contains("-h") {
            StandardStreams.out(FeedServerOptions.usage)
            return
        }
        let options: FeedServerOptions
        do {
            options = try FeedServerOptions.parse(arguments)
        } catch {
            StandardStreams.err("feed serve: \(error); see feed serve --help")
            exit(2)
        }
        let server = FeedServer(options: options, log: { StandardStreams.err($0) })
        let port: UInt16
        do {
            port = try server.start()
        } catch {
            StandardStreams.err("feed serve: \(error)")
            exit(1)
        }
        StandardStreams.out("feed serve: listening on http://127.0.0.1:\(port) (\(options.posts) posts, seed \(options.seed)); Ctrl-C stops")
        await SignalWaiter.waitForTermination()
        server.stop()
        StandardStreams.err("feed serve: stopped")
    }
}
