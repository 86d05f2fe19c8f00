import Arguments
import FeatureFlags
import FeedServer
import PluginInterface

/// The one table of `feed`'s commands and options: the parser accepts what it lists, and the
/// help, the shell completions and the man page are printed from it.
enum FeedCommandSpec {
    static let version = "feed 0.1.0"

    /// Every option of `feed` (the screen and `--headless`), the follow-ups' included.
    static func options(plugins pluginOptions: [PluginOption]) -> [OptionSpec] {
        [
            OptionSpec("--server", value: "URL", "any server that speaks the feed API; without it, feed starts the reference server in-process on a free 127.0.0.1 port"),
            OptionSpec("--api", value: "feed|mastodon|auto", "the API --server speaks: feed (default), mastodon (Mastodon, Pixelfed, GoToSocial…; the token from FEED_TOKEN), auto (asks GET /api/v1/instance and says what it found)", completion: .choices(["feed", "mastodon", "auto"])),
            OptionSpec("--timeline", value: "NAME", "with --api mastodon: home|local|public|tag:NAME (default home with FEED_TOKEN, else public)"),
            OptionSpec("--only-photos", "with --api mastodon: leave out statuses without an image (else they show as text rows)"),
            OptionSpec("--headless", "commands on stdin, one JSON state per line on stdout (see Headless commands)"),
            OptionSpec("--enable", value: "K", "switch the follow-up K on (see Flags)", completion: .choices([])),
            OptionSpec("--disable", value: "K", "switch the follow-up K off", completion: .choices([])),
            OptionSpec("--flags-file", value: "PATH", "the config file: JSON {\"flags\":{\"K\":true},\"options\":{\"server\":\"http://…\",\"ascii\":true}}; default $XDG_CONFIG_HOME/feed/flags.json", completion: .file),
            OptionSpec("--data-dir", value: "DIR", "one folder for every file of the user; default: saved pages and photos in $XDG_CACHE_HOME/feed (~/.cache/feed), likes not yet sent in $XDG_STATE_HOME/feed (~/.local/state/feed)", completion: .directory),
            OptionSpec("--user", value: "NAME", "whose saved pages these are (default demo): one file per server and user"),
            OptionSpec("--ascii", "ASCII hearts [<3] [\u{00A0}\u{00A0}] [??] [..] and frames (and no photos)"),
            OptionSpec("--photos", value: "on|off", "load and draw photos (default on; drawn only in colour terminals)", completion: .choices(["on", "off"])),
            OptionSpec("--graphics", value: "MODE", "auto|kitty|sixel|blocks: photos by a terminal graphics protocol or in half blocks (default auto: kitty or sixel when the environment names such a terminal)", completion: .choices(["auto", "kitty", "sixel", "blocks"])),
            OptionSpec("--symbols", value: "SET", "auto|half|quadrant|sextant: the block symbols photos are drawn with in cells, the shape picked per cell (default auto: sextants where the terminal draws them, else quadrants)", completion: .choices(["auto", "half", "quadrant", "sextant"])),
            OptionSpec("--theme", value: "THEME", "auto|dark|light: colours that read on the terminal's background (default auto: the background the terminal reports, else COLORFGBG, else dark)", completion: .choices(["auto", "dark", "light"])),
            OptionSpec("--image-memory", value: "MB", "the memory cache of decoded photos (default 16)"),
            OptionSpec("--request-timeout", value: "MS", "how long one API request may take, its retries included (default 10000; slow networks)"),
        ]
            + pluginOptions.map { option in
                switch option.kind {
                case .integer: OptionSpec(option.name, value: option.expected.hasPrefix("milliseconds") ? "MS" : "N", option.help)
                case .choice(let words): OptionSpec(option.name, value: words.joined(separator: "|"), option.help, completion: .choices(words))
                case .text: OptionSpec(option.name, value: "TEXT", option.help)
                }
            }
            + [
                OptionSpec("--flags-interval", value: "MS", "how often the remote flags are read again (default 300000)"),
                OptionSpec("--verbose", "log the embedded server's requests on stderr"),
                OptionSpec("--telemetry", value: "local|on|off", "local (default): recorded on this device for `feed stats`, never sent; on: sent to the server (and --otlp); off: nothing recorded, the queue deleted. Also FEED_TELEMETRY and \"telemetry\" in the config file", completion: .choices(["local", "on", "off"])),
                OptionSpec("--otlp", value: "URL", "also send telemetry to an OpenTelemetry collector (OTLP/HTTP JSON)"),
                OptionSpec("--telemetry-interval", value: "MS", "how often waiting events are sent (default 30000)"),
                help, versionOption,
            ]
    }

    static let help = OptionSpec("--help", short: "-h", "show this help")
    static let versionOption = OptionSpec("--version", short: "-V", "print the version")

    /// The options whose value names a user's data, shared by the subcommands that read or delete it.
    private static let account = ["--server", "--user", "--data-dir", "--flags-file"]

    /// `feed` and its subcommands.
    static func command(plugins: [PluginOption], registry: FlagRegistry, headless: String, commands: [PluginCommand] = []) -> CommandSpec {
        var all = options(plugins: plugins)
        let keys = registry.definitions.map(\.key.rawValue)
        for index in all.indices where all[index].name == "--enable" || all[index].name == "--disable" {
            all[index].completion = .choices(keys)
        }
        func pick(_ names: [String]) -> [OptionSpec] { names.compactMap { name in all.first { $0.name == name } } + [help, versionOption] }
        let json = OptionSpec("--json", "print JSON instead of a table")
        // A follow-up's subcommand never takes the name of one of feed's own.
        let builtIn: Set<String> = ["serve", "flags", "login", "logout", "stats", "completion", "man", "help"]
        let flagLines = registry.definitions.map { definition in
            let built = definition.isBuilt ? "" : " (not built yet)"
            return "  \(definition.key.rawValue.padding(to: 22)) \(definition.description)\(built)"
        }
        return CommandSpec(
            "feed", summary: "an infinite photo feed in the terminal, built from swappable modules.",
            usage: "[--server URL] [--enable K]… [--disable K]… [--headless] [options]",
            options: all,
            subcommands: [
                CommandSpec(
                    "serve", summary: "only the reference server, until interrupted", usage: "[--port N] [--posts N] [--seed N] [--latency MS] …",
                    options: serveOptions()),
                CommandSpec(
                    "flags", summary: "the resolved feature flags and options, and where each value came from",
                    usage: "[--server URL] [--enable K]… [--json]", options: pick(account + ["--enable", "--disable"]) + [json]),
                CommandSpec(
                    "login", summary: "sign in to a Mastodon-API server: prints the address to authorize feed, reads the code pasted back",
                    usage: "--server URL --api mastodon [--user NAME]", options: pick(["--server", "--api", "--user", "--request-timeout"])),
                CommandSpec(
                    "logout", summary: "delete everything stored for that user on that server, and revoke a sign-in", usage: "[--server URL] [--user NAME] [--data-dir DIR]",
                    options: pick(account)),
            ] + commands.filter { command in
                // A lowercase word that is none of feed's own: never an option, never a built-in.
                !builtIn.contains(command.name) && command.name.first?.isLowercase == true
                    && command.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }
            }.map { command in
                // A follow-up's: on the files of one user and server.
                CommandSpec(command.name, summary: command.summary, usage: "[--server URL] [--user NAME] [--data-dir DIR]", options: pick(account))
            } + [
                CommandSpec(
                    "stats", summary: "this device's telemetry: failure rates per owning team, charts; every server without --server",
                    usage: "[--server URL] [--user NAME] [--data-dir DIR] [--json]", options: pick(account + ["--ascii", "--telemetry"]) + [json]),
                CommandSpec(
                    "completion", summary: "a shell completion script: bash, zsh or fish", usage: "bash|zsh|fish", options: [help]),
                CommandSpec("man", summary: "the man page (roff): feed man | man -l -", usage: "", options: [help]),
            ],
            sections: [
                .init("Flags (also FEED_FLAGS=\"k1,-k2\"; remote GET /v1/flags; the config file)", lines: flagLines),
                .init("Headless commands", lines: ["  " + headless]),
                .init("Photos", lines: [
                    "  feed asks the terminal at start what it draws (sixel, kitty graphics, 24-bit colour, its",
                    "  background); `feed flags` says what it answered and what was picked. Inside tmux, photos get",
                    "  24-bit colour with `set -as terminal-features ',*:RGB'` in ~/.tmux.conf and",
                    "  `export COLORTERM=truecolor`; `o` opens the selected photo full size ($FEED_VIEWER, else xdg-open).",
                ]),
            ])
    }

    /// `feed serve`'s options, read from its own help (the server module owns them).
    private static func serveOptions() -> [OptionSpec] {
        var options: [OptionSpec] = []
        for line in FeedServerOptions.usage.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.drop { $0 == " " }
            let indent = line.count - text.count
            if indent == 2, text.hasPrefix("--") || text.hasPrefix("-h, ") {
                let words = text.split(separator: " ", omittingEmptySubsequences: true)
                guard let first = words.first else { continue }
                if first == "-h," { continue }
                let hasValue = words.count > 1 && words[1].allSatisfy { $0.isUppercase || $0 == "=" }
                let summary = words.dropFirst(hasValue ? 2 : 1).joined(separator: " ")
                options.append(OptionSpec(String(first), value: hasValue ? String(words[1]) : nil, summary))
            } else if indent > 2, !text.isEmpty, var last = options.popLast() {
                last.summary += (last.summary.isEmpty ? "" : " ") + text
                options.append(last)
            } else if indent == 0 {
                continue
            }
        }
        return options + [help]
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
