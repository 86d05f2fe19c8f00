import FeatureFlags
import Foundation

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
    /// `--ascii`: `<3` and `</3` instead of ♥ and ♡.
    var ascii = false
    /// `--verbose`: the embedded server's request log on stderr.
    var verbose = false
    /// `--data-dir DIR`: where the offline cache lives.
    var dataDir: URL?
    /// `--user NAME`: whose cache this is; each user and server has a file of their own.
    var user = "demo"

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String], registry: FlagRegistry) throws(UsageError) -> HostCommand {
        var rest = arguments
        if rest.first == "serve" { return .serve(arguments: Array(rest.dropFirst())) }
        var isFlagsCommand = false
        var isLogout = false
        if rest.first == "flags" {
            isFlagsCommand = true
            rest.removeFirst()
        } else if rest.first == "logout" {
            isLogout = true
            rest.removeFirst()
        }
        if rest.contains("--help") || rest.contains("-h") { return .help }
        if rest.contains("--version") { return .version }

        var options = HostOptions()
        do {
            options.flags = try CommandLineFlags.parse(&rest, registry: registry)
        } catch {
            throw UsageError(error.description)
        }
        var headless = false
        var json = false
        var index = 0
        func value(after option: String) throws(UsageError) -> String {
            guard index + 1 < rest.count, !rest[index + 1].hasPrefix("--") else {
                throw UsageError("\(option) needs a value; see feed --help")
            }
            index += 1
            return rest[index]
        }
        while index < rest.count {
            let argument = rest[index]
            switch argument {
            case "--headless" where !isFlagsCommand && !isLogout: headless = true
            case "--ascii": options.ascii = true
            case "--verbose": options.verbose = true
            case "--json" where isFlagsCommand: json = true
            case "--server":
                let text = try value(after: "--server")
                do {
                    options.server = try ServerAddress.parse(text)
                } catch {
                    throw UsageError(error.description)
                }
            case "--flags-file":
                options.flagsFile = URL(fileURLWithPath: try value(after: "--flags-file"))
            case "--data-dir":
                options.dataDir = URL(fileURLWithPath: try value(after: "--data-dir"), isDirectory: true)
            case "--user":
                let user = try value(after: "--user")
                guard !user.isEmpty, !user.contains("/") else { throw UsageError("--user needs a name without '/'") }
                options.user = user
            default:
                let what = argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'"
                throw UsageError("\(what); see feed --help")
            }
            index += 1
        }
        if isFlagsCommand { return .flags(options, json: json) }
        if isLogout { return .logout(options) }
        return headless ? .headless(options) : .screen(options)
    }
}
