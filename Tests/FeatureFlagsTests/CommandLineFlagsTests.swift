import Arguments
import FeatureFlags
import Testing

/// Scans `args` as a host would: flag options are taken, every other token is kept in order.
private func scan(_ args: inout [String], registry: FlagRegistry) throws(ArgumentError) -> CommandLineFlags {
    var scanner = ArgumentScanner(args, program: "feed")
    var flags = CommandLineFlags()
    var rest: [String] = []
    while let token = scanner.next() {
        switch token {
        case .option(let option):
            if try flags.accept(option, from: &scanner, registry: registry) { continue }
            rest.append(option)
        case .positional(let value): rest.append(value)
        case .help: rest.append("--help")
        }
    }
    args = rest
    return flags
}

@Suite("Command-line flags")
struct CommandLineFlagsTests {
    private let knownTesting = "known flags: alpha, beta, gamma, later"

    @Test("consumes --enable/--disable pairs and leaves the rest in order")
    func consumesItsOptions() throws {
        var args = ["--headless", "--enable", "alpha", "--server", "http://x", "--disable=beta", "serve"]
        let flags = try scan(&args, registry: .testing)
        #expect(flags == CommandLineFlags(enabled: ["alpha"], disabled: ["beta"]))
        #expect(args == ["--headless", "--server", "http://x", "serve"])
    }

    @Test("the last mention of a key wins")
    func lastWins() throws {
        var args = ["--enable", "alpha", "--disable", "alpha", "--disable", "gamma", "--enable=gamma"]
        let flags = try scan(&args, registry: .testing)
        #expect(flags.enabled == ["gamma"])
        #expect(flags.disabled == ["alpha"])
        #expect(args.isEmpty)
    }

    @Test("stops at --")
    func stopsAtDoubleDash() throws {
        var args = ["--enable", "alpha", "--", "--enable", "nonsense"]
        let flags = try scan(&args, registry: .testing)
        #expect(flags.enabled == ["alpha"])
        #expect(args == ["--enable", "nonsense"], "after --, --enable is an ordinary argument")
    }

    @Test("an unknown key is a usage error listing the known keys", arguments: ["--enable", "--disable"])
    func unknownKey(option: String) {
        var args = ["feed", option, "x"]
        #expect(throws: ArgumentError("unknown flag 'x'; \(knownTesting)")) {
            try scan(&args, registry: .testing)
        }
    }

    @Test("the message of an unknown key is exactly one line")
    func unknownKeyMessage() throws {
        var args = ["--enable=x"]
        let error = try #require(throws: ArgumentError.self) {
            try scan(&args, registry: .testing)
        }
        #expect(error.description == "unknown flag 'x'; \(knownTesting)")
        #expect(!error.message.contains("\n"))
    }

    @Test("enabling a flag that is not built yet is a usage error")
    func notBuilt() {
        var args = ["--enable", "later"]
        #expect(throws: ArgumentError("flag 'later' is not built yet; it cannot be enabled")) {
            try scan(&args, registry: .testing)
        }
    }

    @Test("disabling a flag that is not built yet is allowed")
    func disableNotBuilt() throws {
        var args = ["--disable", "later"]
        let flags = try scan(&args, registry: .testing)
        #expect(flags.disabled == ["later"])
    }

    @Test(
        "a missing key after the option is a usage error",
        arguments: [["--enable"], ["--disable"], ["--enable", "--headless"], ["--enable="]])
    func missingArgument(args original: [String]) {
        var args = original
        let option = original[0].hasPrefix("--enable") ? "--enable" : "--disable"
        let error = #expect(throws: ArgumentError.self) { try scan(&args, registry: .testing) }
        #expect(error?.message.hasPrefix("\(option) needs") == true)
        #expect(error?.message.contains(knownTesting) == true)
    }

    @Test("no flag options leaves the arguments alone")
    func nothingToTake() throws {
        var args = ["serve", "--port", "8080"]
        let flags = try scan(&args, registry: .testing)
        #expect(flags == CommandLineFlags())
        #expect(args == ["serve", "--port", "8080"])
    }
}
