import Arguments

/// How `feed serve` (and tests) configure the reference server.
public struct FeedServerOptions: Sendable, Equatable {
    /// The loopback port; 0 picks a free one.
    public var port: UInt16
    /// How many posts the data set has (`p1`…`pN`).
    public var posts: Int
    /// The seed of the data set, the rankings and the injected faults.
    public var seed: UInt64
    /// Delay before every answer, in milliseconds.
    public var latencyMS: Int
    /// Probability (0…1) that any request is answered 503.
    public var failRate: Double
    /// Probability (0…1) that `GET /v1/likes` is answered 503.
    public var likesFailRate: Double
    /// Extra delay before answering a like write, in milliseconds.
    public var likeLatencyMS: Int
    /// Requests allowed per wall-clock second before 429; nil = no limit.
    public var rateLimit: Int?
    /// How many ids of the previous page each later page repeats first.
    public var repeatIDs: Int
    /// Whether to log one line per request.
    public var log: Bool
    /// The flags `GET /v1/flags` serves.
    public var flags: [String: Bool]

    /// Creates options; the defaults serve 500 posts on port 8080 with no fault.
    public init(
        port: UInt16 = 8080,
        posts: Int = 500,
        seed: UInt64 = 1,
        latencyMS: Int = 0,
        failRate: Double = 0,
        likesFailRate: Double = 0,
        likeLatencyMS: Int = 0,
        rateLimit: Int? = nil,
        repeatIDs: Int = 0,
        log: Bool = false,
        flags: [String: Bool] = [:]
    ) {
        self.port = port
        self.posts = posts
        self.seed = seed
        self.latencyMS = latencyMS
        self.failRate = failRate
        self.likesFailRate = likesFailRate
        self.likeLatencyMS = likeLatencyMS
        self.rateLimit = rateLimit
        self.repeatIDs = repeatIDs
        self.log = log
        self.flags = flags
    }

    static let postsRange = 1...100_000
    static let latencyRange = 0...60_000
    static let rateLimitRange = 1...1_000_000
    static let repeatIDsRange = 0...99

    /// Reads `feed serve` arguments (after `serve`) with the workspace's one scanner;
    /// `--name value` and `--name=value` both work. `nil` when help was asked for.
    public static func parse(_ arguments: [String]) throws(ArgumentError) -> FeedServerOptions? {
        var options = FeedServerOptions()
        var scanner = ArgumentScanner(arguments, program: "feed serve")
        while let token = scanner.next() {
            let name: String
            switch token {
            case .help: return nil
            case .positional(let argument): throw scanner.unexpected(argument)
            case .option(let option): name = option
            }
            if name == "--log" {
                try scanner.noValue()
                options.log = true
                continue
            }
            guard let expected = expectations[name] else { throw scanner.unknownOption() }
            switch name {
            case "--port":
                options.port = try scanner.integer(in: 0...UInt16.max, expected: expected)
            case "--posts":
                options.posts = try scanner.integer(in: postsRange, expected: expected)
            case "--seed":
                options.seed = try scanner.integer(in: 0...UInt64.max, expected: expected)
            case "--latency":
                options.latencyMS = try scanner.integer(in: latencyRange, expected: expected)
            case "--fail-rate":
                options.failRate = try scanner.number(in: 0...1, expected: expected)
            case "--likes-fail-rate":
                options.likesFailRate = try scanner.number(in: 0...1, expected: expected)
            case "--like-latency":
                options.likeLatencyMS = try scanner.integer(in: latencyRange, expected: expected)
            case "--rate-limit":
                options.rateLimit = try scanner.integer(in: rateLimitRange, expected: expected)
            case "--repeat-ids":
                options.repeatIDs = try scanner.integer(in: repeatIDsRange, expected: expected)
            default:
                let value = try scanner.value(expected: expected)
                guard let (key, flag) = flag(value) else { throw scanner.invalid(value, expected: expected) }
                options.flags[key] = flag
            }
        }
        return options
    }

    /// What each option with a value accepts, in words.
    private static let expectations: [String: String] = [
        "--port": "an integer from 0 to 65535 (0 picks a free port)",
        "--posts": "an integer from 1 to 100000",
        "--seed": "an integer from 0 to 18446744073709551615",
        "--latency": "milliseconds from 0 to 60000",
        "--fail-rate": "a probability from 0 to 1, e.g. 0.2",
        "--likes-fail-rate": "a probability from 0 to 1, e.g. 0.2",
        "--like-latency": "milliseconds from 0 to 60000",
        "--rate-limit": "requests per second from 1 to 1000000",
        "--repeat-ids": "an integer from 0 to 99",
        "--flag": "key=true or key=false, e.g. offline-pages=true",
    ]

    private static func flag(_ text: String) -> (String, Bool)? {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty,
              parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
        else { return nil }
        switch parts[1] {
        case "true": return (String(parts[0]), true)
        case "false": return (String(parts[0]), false)
        default: return nil
        }
    }

    /// The help text of `feed serve`.
    public static let usage: String = """
        Usage: feed serve [options]

        Runs the reference feed server on 127.0.0.1 until interrupted.

        Options:
          --port N              port to listen on, 0…65535; 0 picks a free port (default 8080)
          --posts N             number of posts p1…pN, 1…100000 (default 500)
          --seed N              seed of the data set, rankings and faults (default 1)
          --latency MS          delay every answer by MS milliseconds, 0…60000 (default 0)
          --fail-rate P         answer any request 503 with probability P, 0…1 (default 0)
          --likes-fail-rate P   answer GET /v1/likes 503 with probability P, 0…1 (default 0)
          --like-latency MS     delay like writes by MS more milliseconds, 0…60000 (default 0)
          --rate-limit N        allow N requests per second, then 429 with Retry-After: 1 (default: no limit)
          --repeat-ids K        each page after the first repeats the last K ids of the previous page, 0…99 (default 0)
          --flag KEY=BOOL       serve the flag KEY (true or false) from GET /v1/flags; repeatable
          --log                 log one line per request (method, path, status, milliseconds)
          -h, --help            show this help

        Routes: GET /v1/feed, GET /v1/likes, PUT|POST /v1/posts/{id}/like, GET /v1/feed/new-count,
        GET /v1/flags, GET /openapi.json
        """
}
