import Arguments
import FeatureFlags
import Foundation
import Mastodon
import PluginInterface
import TelemetryInterface
import TerminalUI
import TerminalUIInterface

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
    /// Deletes everything stored for the user on the server (and revokes a sign-in).
    case logout(HostOptions)
    /// Signs in to a Mastodon-API server (OAuth, out-of-band code).
    case login(HostOptions)
    /// A subcommand a follow-up adds (`feed queue`), run by its plugin.
    case plugin(command: String, HostOptions)
    /// Prints this device's telemetry (`feed stats`).
    case stats(HostOptions, json: Bool)
    /// Prints a shell completion script.
    case completion(CompletionScript.Shell)
    /// Prints the man page.
    case man
    /// Prints the help of `feed` or of a subcommand.
    case help(subcommand: String?)
    case version
}

/// Options shared by the modes that show a feed.
struct HostOptions: Equatable {
    /// `--server URL`: any server that speaks the API; `nil` starts the embedded reference server.
    var server: URL?
    /// `--api feed|mastodon|auto`: the API the server speaks (`auto` is resolved at start).
    var api = ServerAPI.feed
    /// `--timeline home|local|public|tag:NAME` with the Mastodon API; `nil`: home with a token, else public.
    var timeline: MastodonTimeline?
    /// `--only-photos`: statuses without an image are left out (else they show as text rows).
    var onlyPhotos = false
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
    /// `--symbols auto|half|quadrant|sextant`: the block symbols photos are drawn with in cells ("auto" reads the environment).
    var symbols: String = "auto"
    /// `--theme auto|dark|light`: colours that read on the terminal's background ("auto" asks the terminal, then `COLORFGBG`).
    var theme: String = "auto"
    /// What the terminal answered when asked at start (nil: not asked, not a terminal).
    var terminalAnswers: TerminalAnswers?
    /// `--request-timeout MS`: how long one API request may take, its retries included, before it fails.
    var requestTimeout: Duration = .seconds(10)
    /// `--image-memory MB`: the memory cache of decoded photos.
    var imageMemoryMB = 16
    /// The values of the follow-ups' own options (`--poll-interval MS`), by option name.
    var pluginValues: [String: String] = [:]
    /// Where each option given came from: `command line` or `config file PATH` (`feed flags`).
    var sources: [String: String] = [:]
    /// `--flags-interval MS`: how often the remote flags are read again while the app runs.
    var flagsInterval: Duration = .seconds(300)
    /// `--telemetry local|on|off`; `nil` when not given (then FEED_TELEMETRY, the flags file, `local`).
    var telemetry: TelemetryConsent?
    /// `--otlp URL`: an OpenTelemetry collector that also gets the telemetry.
    var otlp: URL?
    /// `--telemetry-interval MS`: how often waiting events are sent.
    var telemetryInterval: Duration = .seconds(30)

    /// The subcommands that take some of the feed's options.
    private enum Subcommand: String {
        case flags, logout, login, stats, completion, man
    }

    /// Parses the arguments after the program name with the workspace's one scanner; an option
    /// the command (or subcommand) does not list in `spec` (`FeedCommandSpec`) is refused.
    static func parse(
        _ arguments: [String], registry: FlagRegistry, pluginOptions: [PluginOption] = [], pluginCommands: [PluginCommand] = [],
        config: [String] = [], configSource: String = "", spec given: CommandSpec? = nil
    ) throws(ArgumentError) -> HostCommand {
        if arguments.first == "serve" { return .serve(arguments: Array(arguments.dropFirst())) }
        let subcommand = arguments.first.flatMap(Subcommand.init(rawValue:))
        // The table the caller built already (`feed` builds it once per run), else this one's.
        let spec = given ?? FeedCommandSpec.command(plugins: pluginOptions, registry: registry, headless: "", commands: pluginCommands)
        // Any other subcommand the table lists is a follow-up's (`feed queue`).
        let pluginCommand = subcommand == nil ? arguments.first.flatMap { spec.subcommand($0)?.name } : nil
        let named = subcommand?.rawValue ?? pluginCommand
        let accepted = named.flatMap { spec.subcommand($0) } ?? spec
        let program = named.map { "feed \($0)" } ?? "feed"
        var options = HostOptions()
        var headless = false
        var json = false
        var version = false
        var shell: CompletionScript.Shell?
        // The config file's words first, then the command line's: the last value wins.
        for (words, source) in [(config, configSource), (named == nil ? arguments : Array(arguments.dropFirst()), "command line")] {
            var scanner = ArgumentScanner(words, program: program)
            while let token = scanner.next() {
                switch token {
                case .help:
                    return .help(subcommand: named)
                case .positional(let argument) where subcommand == .completion && shell == nil:
                    guard let parsed = CompletionScript.Shell(rawValue: argument) else {
                        throw ArgumentError("unknown shell '\(argument)': expected bash, zsh or fish; see `feed completion --help`")
                    }
                    shell = parsed
                case .positional(let argument):
                    throw scanner.unexpected(argument)
                case .option(let option):
                    guard accepted.accepts(option) else { throw scanner.unknownOption() }
                    if !["--json", "--headless", "--version", "-V"].contains(option) { options.sources[option] = source }
                    if try options.flags.accept(option, from: &scanner, registry: registry) { continue }
                    try options.accept(option, from: &scanner, pluginOptions: pluginOptions, headless: &headless, json: &json, version: &version)
                }
            }
        }
        if version { return .version }
        try options.checkAPI()
        if let pluginCommand { return .plugin(command: pluginCommand, options) }
        switch subcommand {
        case .flags: return .flags(options, json: json)
        case .logout: return .logout(options)
        case .login:
            guard options.api != .feed else { throw ArgumentError("feed login signs in to a Mastodon-API server: add --api mastodon") }
            return .login(options)
        case .stats: return .stats(options, json: json)
        case .completion:
            guard let shell else { throw ArgumentError("completion needs a shell: bash, zsh or fish; see `feed completion --help`") }
            return .completion(shell)
        case .man: return .man
        case nil: return headless ? .headless(options) : .screen(options)
        }
    }

    /// Reads the value of `option` (already checked to be one the command takes).
    private mutating func accept(
        _ option: String, from scanner: inout ArgumentScanner, pluginOptions: [PluginOption],
        headless: inout Bool, json: inout Bool, version: inout Bool
    ) throws(ArgumentError) {
        switch option {
        case "--version", "-V":
            try scanner.noValue()
            version = true
        case "--headless":
            try scanner.noValue()
            headless = true
        case "--json":
            try scanner.noValue()
            json = true
        case "--ascii":
            try scanner.noValue()
            ascii = true
        case "--verbose":
            try scanner.noValue()
            verbose = true
        case "--server":
            let text = try scanner.value(expected: "a URL such as http://127.0.0.1:8080")
            server = try ServerAddress.parse(text)
        case "--api":
            let value = try scanner.value(expected: "feed, mastodon or auto")
            guard let parsed = ServerAPI(rawValue: value) else { throw scanner.invalid(value, expected: "feed, mastodon or auto") }
            api = parsed
        case "--timeline":
            let value = try scanner.value(expected: "home, local, public or tag:NAME")
            guard let parsed = MastodonTimeline(value) else { throw scanner.invalid(value, expected: "home, local, public or tag:NAME (a tag of letters, digits or _)") }
            timeline = parsed
        case "--only-photos":
            try scanner.noValue()
            onlyPhotos = true
        case "--flags-file":
            flagsFile = URL(fileURLWithPath: try scanner.value(expected: "a path to a JSON file"))
        case "--data-dir":
            dataDir = URL(fileURLWithPath: try scanner.value(expected: "a directory"), isDirectory: true)
        case "--photos":
            let value = try scanner.value(expected: "on or off")
            guard value == "on" || value == "off" else { throw scanner.invalid(value, expected: "on or off") }
            photos = value == "on"
        case "--graphics":
            let value = try scanner.value(expected: "auto, kitty, sixel or blocks")
            guard ["auto", "kitty", "sixel", "blocks"].contains(value) else { throw scanner.invalid(value, expected: "auto, kitty, sixel or blocks") }
            graphics = value
        case "--symbols":
            let value = try scanner.value(expected: "auto, half, quadrant or sextant")
            guard value == "auto" || BlockSymbols(rawValue: value) != nil else { throw scanner.invalid(value, expected: "auto, half, quadrant or sextant") }
            symbols = value
        case "--theme":
            let value = try scanner.value(expected: "auto, dark or light")
            guard value == "auto" || TerminalBackground(rawValue: value) != nil else { throw scanner.invalid(value, expected: "auto, dark or light") }
            theme = value
        case "--request-timeout":
            requestTimeout = .milliseconds(try scanner.integer(in: 1_000...600_000, expected: "milliseconds from 1000 to 600000"))
        case "--image-memory":
            imageMemoryMB = try scanner.integer(in: 1...1_024, expected: "megabytes from 1 to 1024")
        case let name where pluginOptions.contains { $0.name == name }:
            let declared = pluginOptions.first { $0.name == name }!
            if case .integer(let range) = declared.kind {
                pluginValues[name] = String(try scanner.integer(in: range, expected: declared.expected))
            } else {
                let value = try scanner.value(expected: declared.expected)
                guard declared.accepts(value) else { throw scanner.invalid(value, expected: declared.expected) }
                pluginValues[name] = value
            }
        case "--flags-interval":
            flagsInterval = .milliseconds(try scanner.integer(in: 1_000...86_400_000, expected: "milliseconds from 1000 to 86400000"))
        case "--telemetry":
            let value = try scanner.value(expected: "local, on or off")
            guard let consent = TelemetryConsent(rawValue: value) else { throw scanner.invalid(value, expected: "local, on or off") }
            telemetry = consent
        case "--otlp":
            let text = try scanner.value(expected: "a collector URL such as http://127.0.0.1:4318")
            otlp = try ServerAddress.parse(text)
        case "--telemetry-interval":
            telemetryInterval = .milliseconds(try scanner.integer(in: 10...3_600_000, expected: "milliseconds from 10 to 3600000"))
        case "--user":
            let user = try scanner.value(expected: "a user name")
            guard !user.isEmpty, !user.contains("/") else { throw scanner.invalid(user, expected: "a name without '/'") }
            self.user = user
        default:
            throw scanner.unknownOption()
        }
    }
}

extension HostOptions {
    /// Refuses a timeline without the Mastodon API (the embedded reference server speaks both).
    func checkAPI() throws(ArgumentError) {
        if timeline != nil, api == .feed {
            throw ArgumentError("--timeline needs --api mastodon (or auto): the feed API has one feed")
        }
    }

    /// The block symbols photos are drawn with: `--symbols`, or what `auto` picks from the environment.
    var blockSymbols: BlockSymbols {
        BlockSymbols(rawValue: symbols) ?? BlockSymbols.detect(environment: ProcessInfo.processInfo.environment)
    }

    /// The background screens pick colours for: `--theme`, or what `auto` finds (the terminal's answer, `COLORFGBG`).
    var background: TerminalBackground {
        TerminalBackground(rawValue: theme) ?? TerminalBackground.detect(environment: ProcessInfo.processInfo.environment, answers: terminalAnswers)
    }

    /// The value `option` has now, as `feed flags` shows it.
    func shownValue(of option: String) -> String {
        switch option {
        case "--server": server?.absoluteString ?? "embedded"
        case "--api": api.rawValue
        case "--timeline": timeline?.description ?? "default"
        case "--only-photos": onlyPhotos ? "on" : "off"
        case "--user": user
        case "--data-dir": dataDir?.path ?? "default"
        case "--flags-file": flagsFile?.path ?? "default"
        case "--ascii": ascii ? "on" : "off"
        case "--verbose": verbose ? "on" : "off"
        case "--photos": photos ? "on" : "off"
        case "--graphics": graphics
        case "--symbols": symbols
        case "--theme": theme
        case "--image-memory": String(imageMemoryMB)
        case "--request-timeout": Self.milliseconds(requestTimeout)
        case "--flags-interval": Self.milliseconds(flagsInterval)
        case "--telemetry": telemetry?.rawValue ?? "default"
        case "--otlp": otlp?.absoluteString ?? "none"
        case "--telemetry-interval": Self.milliseconds(telemetryInterval)
        default: pluginValues[option] ?? "set"
        }
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// The value of a follow-up's option: given on the command line, else in the flags file, else its default.
    func value(of option: PluginOption) -> Int { pluginValues[option.name].flatMap { Int($0) } ?? option.defaultValue }

    /// The value of a follow-up's option as written (a choice or text): given, else from the flags file, else its default.
    func text(of option: PluginOption) -> String { pluginValues[option.name] ?? option.defaultText }
}
