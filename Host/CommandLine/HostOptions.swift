import Arguments
import FeatureFlags
import Foundation
import PluginInterface
import TelemetryInterface

/// What the user asked `feed` to do.
enum HostCommand: Equatable {
    /// The terminal feed screen (or one plain frame when stdout is not a terminal).
    case screen(HostOptions)
    /// The scripting driver on stdin/stdout.
    case headless(HostOptions)
    /// Only the reference server, with its own options.
    case serve(arguments: [String])
    /// The resolved flags and where each value came from.
    case flags(HostOptions, json: Bool)
    /// Deletes everything stored for the user on the server.
    case logout(HostOptions)
    /// Prints the likes waiting on this device to be sent (`persistent-like-queue`).
    case queue(HostOptions)
    /// Prints this device's telemetry (`feed stats`).
    case stats(HostOptions, json: Bool)
    case help
    case version
}

/// Options shared by the modes that show a feed.
struct HostOptions: Equatable {
    /// `--server URL`: any server that speaks the API; `nil` starts the embedded reference server.
    var server: URL?
    /// `--enable K` / `--disable K`, already checked against the registry.
    var flags = CommandLineFlags()
    /// `--flags-file PATH`: a JSON file of flag values (lowest source but defaults).
    var flagsFile: URL?
    /// `--ascii`: ASCII hearts (`[<3]`, `[  ]`, `[??]`, `[..]`) and frames.
    var ascii = false
    /// `--verbose`: the embedded server's request log on stderr.
    var verbose = false
    /// `--data-dir DIR`: where the offline cache lives.
    var dataDir: URL?
    /// `--user NAME`: whose cache this is; each user and server has a file of their own.
    var user = "demo"
    /// `--photos on|off`: whether photos are loaded and drawn at all.
    var photos = true
    /// `--graphics auto|kitty|sixel|blocks`: how photos are drawn ("auto" reads the environment).
    var graphics: String = "auto"
    /// `--request-timeout MS`: how long one API request may take, its retries included, before it fails.
    var requestTimeout: Duration = .seconds(10)
    /// `--image-memory MB`: the memory cache of decoded photos.
    var imageMemoryMB = 16
    /// The values of the follow-ups' own options (`--poll-interval MS`), by option name.
    var pluginValues: [String: Int] = [:]
    /// The follow-ups' option values the flags file gives (`"options"`); the command line wins.
    var fileValues: [String: Int] = [:]
    /// `--flags-interval MS`: how often the remote flags are read again while the app runs.
    var flagsInterval: Duration = .seconds(300)
    /// `--telemetry local|on|off`; `nil` when not given (then FEED_TELEMETRY, the flags file, `local`).
    var telemetry: TelemetryConsent?
    /// `--otlp URL`: an OpenTelemetry collector that also gets the telemetry.
    var otlp: URL?
    /// `--telemetry-interval MS`: how often waiting events are sent.
    var telemetryInterval: Duration = .seconds(30)

    /// The subcommands that take the feed's options.
    private enum Subcommand: String {
        case flags, logout, queue, stats
    }

    /// Parses the arguments after the program name with the workspace's one scanner.
    static func parse(
        _ arguments: [String], registry: FlagRegistry, pluginOptions: [PluginOption] = []
    ) throws(ArgumentError) -> HostCommand {
        if arguments.first == "serve" { return .serve(arguments: Array(arguments.dropFirst())) }
        let subcommand = arguments.first.flatMap(Subcommand.init(rawValue:))
        var scanner = ArgumentScanner(
            subcommand == nil ? arguments : Array(arguments.dropFirst()),
            program: subcommand.map { "feed \($0.rawValue)" } ?? "feed")
        var options = HostOptions()
        var headless = false
        var json = false
        while let token = scanner.next() {
            switch token {
            case .help:
                return .help
            case .positional(let argument):
                throw scanner.unexpected(argument)
            case .option(let option):
                if try options.flags.accept(option, from: &scanner, registry: registry) { continue }
                switch option {
                case "--version":
                    return .version
                case "--headless" where subcommand == nil:
                    try scanner.noValue()
                    headless = true
                case "--json" where subcommand == .flags || subcommand == .stats:
                    try scanner.noValue()
                    json = true
                case "--ascii":
                    try scanner.noValue()
                    options.ascii = true
                case "--verbose":
                    try scanner.noValue()
                    options.verbose = true
                case "--server":
                    let text = try scanner.value(expected: "a URL such as http://127.0.0.1:8080")
                    options.server = try ServerAddress.parse(text)
                case "--flags-file":
                    options.flagsFile = URL(fileURLWithPath: try scanner.value(expected: "a path to a JSON file"))
                case "--data-dir":
                    options.dataDir = URL(fileURLWithPath: try scanner.value(expected: "a directory"), isDirectory: true)
                case "--photos":
                    let value = try scanner.value(expected: "on or off")
                    guard value == "on" || value == "off" else { throw scanner.invalid(value, expected: "on or off") }
                    options.photos = value == "on"
                case "--graphics":
                    let value = try scanner.value(expected: "auto, kitty, sixel or blocks")
                    guard ["auto", "kitty", "sixel", "blocks"].contains(value) else { throw scanner.invalid(value, expected: "auto, kitty, sixel or blocks") }
                    options.graphics = value
                case "--request-timeout":
                    options.requestTimeout = .milliseconds(try scanner.integer(in: 1_000...600_000, expected: "milliseconds from 1000 to 600000"))
                case "--image-memory":
                    options.imageMemoryMB = try scanner.integer(in: 1...1_024, expected: "megabytes from 1 to 1024")
                case let name where pluginOptions.contains { $0.name == name }:
                    let declared = pluginOptions.first { $0.name == name }!
                    options.pluginValues[name] = try scanner.integer(in: declared.range, expected: declared.expected)
                case "--flags-interval":
                    options.flagsInterval = .milliseconds(try scanner.integer(in: 1_000...86_400_000, expected: "milliseconds from 1000 to 86400000"))
                case "--telemetry":
                    let value = try scanner.value(expected: "local, on or off")
                    guard let consent = TelemetryConsent(rawValue: value) else { throw scanner.invalid(value, expected: "local, on or off") }
                    options.telemetry = consent
                case "--otlp":
                    let text = try scanner.value(expected: "a collector URL such as http://127.0.0.1:4318")
                    options.otlp = try ServerAddress.parse(text)
                case "--telemetry-interval":
                    options.telemetryInterval = .milliseconds(try scanner.integer(in: 10...3_600_000, expected: "milliseconds from 10 to 3600000"))
                case "--user":
                    let user = try scanner.value(expected: "a user name")
                    guard !user.isEmpty, !user.contains("/") else { throw scanner.invalid(user, expected: "a name without '/'") }
                    options.user = user
                default:
                    throw scanner.unknownOption()
                }
            }
        }
        switch subcommand {
        case .flags: return .flags(options, json: json)
        case .logout: return .logout(options)
        case .queue: return .queue(options)
        case .stats: return .stats(options, json: json)
        case nil: return headless ? .headless(options) : .screen(options)
        }
    }
}

extension HostOptions {
    /// The value of a follow-up's option: given on the command line, else in the flags file, else its default.
    func value(of option: PluginOption) -> Int { pluginValues[option.name] ?? fileValues[option.name] ?? option.defaultValue }
}
