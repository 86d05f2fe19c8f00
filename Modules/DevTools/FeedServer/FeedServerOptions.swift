import Arguments

/// How `feed serve` (and tests) configure the reference server: what is fixed at start, plus the
/// run-time knobs in `faults`.
public struct FeedServerOptions: Sendable, Equatable {
    /// The loopback port; 0 picks a free one.
    public var port: UInt16
    /// How many posts the data set starts with (`p1`…`pN`).
    public var posts: Int
    /// The seed of the data set, the rankings and the injected faults.
    public var seed: UInt64
    /// Whether to log one line per request.
    public var log: Bool
    /// Whether `PUT /v1/control/flags` is served (off by default; never part of the public API).
    public var control: Bool
    /// Faults, flags and new-post pace in force at start; `FeedServer.update` changes them later.
    public var faults: FeedServerFaults
    /// `--api`: the APIs served (both by default).
    public var api = ServedAPI.both

    /// Creates options; the defaults serve 500 posts on port 8080 with no fault.
    public init(
        port: UInt16 = 8080,
        posts: Int = 500,
        seed: UInt64 = 1,
        log: Bool = false,
        control: Bool = false,
        faults: FeedServerFaults = FeedServerFaults()
    ) {
        self.port = port
        self.posts = posts
        self.seed = seed
        self.log = log
        self.control = control
        self.faults = faults
    }

    static let postsRange = 1...100_000
    static let latencyRange = 0...60_000
    static let rateLimitRange = 1...1_000_000
    static let repeatIDsRange = 0...99
    static let newPostsEveryRange = 0.01...86_400.0
    static let othersLikeEveryRange = 1...86_400_000
    static let keepAliveRange = 10...86_400_000

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
            switch name {
            case "--log", "--control":
                try scanner.noValue()
                if name == "--log" { options.log = true } else { options.control = true }
                continue
            default:
                break
            }
            guard let expected = expectations[name] else { throw scanner.unknownOption() }
            switch name {
            case "--port": options.port = try scanner.integer(in: 0...UInt16.max, expected: expected)
            case "--posts": options.posts = try scanner.integer(in: postsRange, expected: expected)
            case "--seed": options.seed = try scanner.integer(in: 0...UInt64.max, expected: expected)
            case "--api":
                let value = try scanner.value(expected: expected)
                guard let api = ServedAPI(rawValue: value) else { throw scanner.invalid(value, expected: expected) }
                options.api = api
            default: try parseFault(name, expected: expected, scanner: &scanner, into: &options.faults)
            }
        }
        return options
    }

    private static func parseFault(
        _ name: String, expected: String, scanner: inout ArgumentScanner, into faults: inout FeedServerFaults
    ) throws(ArgumentError) {
        switch name {
        case "--latency": faults.latencyMS = try scanner.integer(in: latencyRange, expected: expected)
        case "--fail-rate": faults.failRate = try scanner.number(in: 0...1, expected: expected)
        case "--likes-fail-rate": faults.likesFailRate = try scanner.number(in: 0...1, expected: expected)
        case "--like-latency": faults.likeLatencyMS = try scanner.integer(in: latencyRange, expected: expected)
        case "--like-apply-then-fail-rate": faults.likeApplyThenFailRate = try scanner.number(in: 0...1, expected: expected)
        case "--photo-latency": faults.photoLatencyMS = try scanner.integer(in: latencyRange, expected: expected)
        case "--hostile-photos": faults.hostilePhotoShare = try scanner.number(in: 0...1, expected: expected)
        case "--rate-limit": faults.rateLimit = try scanner.integer(in: rateLimitRange, expected: expected)
        case "--repeat-ids": faults.repeatIDs = try scanner.integer(in: repeatIDsRange, expected: expected)
        case "--new-posts-every": faults.newPostsEverySeconds = try scanner.number(in: newPostsEveryRange, expected: expected)
        case "--others-like-every": faults.othersLikeEveryMS = try scanner.integer(in: othersLikeEveryRange, expected: expected)
        case "--live-keep-alive": faults.liveKeepAliveMS = try scanner.integer(in: keepAliveRange, expected: expected)
        case "--live-fault":
            let value = try scanner.value(expected: expected)
            guard let fault = LiveStreamFault(rawValue: value) else { throw scanner.invalid(value, expected: expected) }
            faults.liveFault = fault
        default:
            let value = try scanner.value(expected: expected)
            guard let (key, flag) = flag(value) else { throw scanner.invalid(value, expected: expected) }
            faults.flags[key] = flag
        }
    }

    /// What each option with a value accepts, in words.
    private static let expectations: [String: String] = [
        "--port": "an integer from 0 to 65535 (0 picks a free port)",
        "--api": "both, feed or mastodon",
        "--posts": "an integer from 1 to 100000",
        "--seed": "an integer from 0 to 18446744073709551615",
        "--latency": "milliseconds from 0 to 60000",
        "--fail-rate": "a probability from 0 to 1, e.g. 0.2",
        "--likes-fail-rate": "a probability from 0 to 1, e.g. 0.2",
        "--like-latency": "milliseconds from 0 to 60000",
        "--like-apply-then-fail-rate": "a probability from 0 to 1, e.g. 0.2",
        "--photo-latency": "milliseconds from 0 to 60000",
        "--hostile-photos": "a share of photos from 0 to 1, e.g. 0.25",
        "--rate-limit": "requests per second from 1 to 1000000",
        "--repeat-ids": "an integer from 0 to 99",
        "--new-posts-every": "seconds from 0.01 to 86400, e.g. 10",
        "--others-like-every": "milliseconds from 1 to 86400000, e.g. 200",
        "--live-keep-alive": "milliseconds from 10 to 86400000 (default 15000)",
        "--live-fault": "one of \(LiveStreamFault.allCases.map(\.rawValue).joined(separator: ", "))",
        "--flag": "key=true or key=false, e.g. offline-pages=true",
    ]

    /// Whether `key` may name a flag: 1…64 ASCII letters, digits, `-`, `_` or `.`.
    static func isFlagKey(_ key: some StringProtocol) -> Bool {
        !key.isEmpty && key.utf8.count <= 64
            && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }

    private static func flag(_ text: String) -> (String, Bool)? {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, isFlagKey(parts[0]) else { return nil }
        switch parts[1] {
        case "true": return (String(parts[0]), true)
        case "false": return (String(parts[0]), false)
        default: return nil
        }
    }
}
