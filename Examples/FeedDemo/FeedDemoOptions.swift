import Arguments
import Foundation
import Networking

/// What `feed-demo` was asked for.
struct FeedDemoOptions: Equatable {
    /// Where the posts come from.
    enum Source: Equatable {
        /// The reference server, started in-process on 127.0.0.1.
        case embeddedServer
        /// Any server that speaks the feed API.
        case server(URL)
        /// Generated posts in memory.
        case fakes
    }

    var source = Source.embeddedServer
    /// How long the fakes take to answer a page or a like.
    var latency = Duration.milliseconds(300)
    var ascii = false

    static let usage = """
        usage: feed-demo [--fakes | --server URL] [--latency MS] [--ascii]

        The feed feature on its own (Feed + FeedData and their interfaces): the feed screen over
        the reference server started in-process on 127.0.0.1, or over generated posts in memory.
        Likes are answered by a fake (LikesTesting) after --latency: no like reaches a server.

          --fakes         generated posts in memory: no server, no network, no photos
          --server URL    any server that speaks the feed API, instead of the embedded one
          --latency MS    how long the fakes take to answer a page or a like; default 300
          --ascii         ASCII hearts and frames
          -h, --help      this text

        Keys: j/k move · l like · r refresh · R retry · ? help · q quit; Ctrl-Z suspends.
        When stdout is not a terminal, prints one plain frame of the first page and exits 0.
        """

    /// The options in `arguments`, or `nil` when help was asked for.
    static func parse(_ arguments: [String]) throws(ArgumentError) -> FeedDemoOptions? {
        var options = FeedDemoOptions()
        var scanner = ArgumentScanner(arguments, program: "feed-demo")
        while let token = scanner.next() {
            switch token {
            case .help:
                return nil
            case .positional(let argument):
                throw scanner.unexpected(argument)
            case .option("--fakes"):
                try scanner.noValue()
                options.source = .fakes
            case .option("--server"):
                let text = try scanner.value(expected: "a URL such as http://127.0.0.1:8080")
                do {
                    options.source = .server(try BaseURL.parse(text))
                } catch {
                    throw ArgumentError("--server: \(error.description); see `feed-demo --help`")
                }
            case .option("--latency"):
                options.latency = .milliseconds(try scanner.integer(in: 0...60_000, expected: "milliseconds from 0 to 60000"))
            case .option("--ascii"):
                try scanner.noValue()
                options.ascii = true
            case .option:
                throw scanner.unknownOption()
            }
        }
        return options
    }
}
