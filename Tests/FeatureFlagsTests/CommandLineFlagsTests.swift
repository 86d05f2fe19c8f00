import FeatureFlags
import Testing

@Suite("Command-line flags")
struct CommandLineFlagsTests {
    private let knownStandard = "known flags: new-posts-pill, offline-pages, persistent-like-queue, shared-post-store"

    @Test("consumes --enable/--disable pairs and leaves the rest in order")
    func consumesItsOptions() throws {
        var args = ["--headless", "--enable", "alpha", "--server", "http://x", "--disable=beta", "serve"]
        let flags = try CommandLineFlags.parse(&args, registry: .testing)
        #expect(flags == CommandLineFlags(enabled: ["alpha"], disabled: ["beta"]))
        #expect(args == ["--headless", "--server", "http://x", "serve"])
    }

    @Test("the last mention of a key wins")
    func lastWins() throws {
        var args = ["--enable", "alpha", "--disable", "alpha", "--disable", "gamma", "--enable=gamma"]
        let flags = try CommandLineFlags.parse(&args, registry: .testing)
        #expect(flags.enabled == ["gamma"])
        #expect(flags.disabled == ["alpha"])
        #expect(args.isEmpty)
    }

    @Test("stops at --")
    func stopsAtDoubleDash() throws {
        var args = ["--enable", "alpha", "--", "--enable", "nonsense"]
        let flags = try CommandLineFlags.parse(&args, registry: .testing)
        #expect(flags.enabled == ["alpha"])
        #expect(args == ["--", "--enable", "nonsense"])
    }

    @Test("an unknown key is a usage error listing the known keys", arguments: ["--enable", "--disable"])
    func unknownKey(option: String) {
        var args = ["feed", option, "x"]
        #expect(throws: FlagUsageError(message: "unknown flag 'x'; \(knownStandard)")) {
            try CommandLineFlags.parse(&args, registry: .standard)
        }
        #expect(args == ["feed", option, "x"], "args are untouched when parsing fails")
    }

    @Test("the message of an unknown key is exactly one line")
    func unknownKeyMessage() throws {
        var args = ["--enable=x"]
        let error = try #require(throws: FlagUsageError.self) {
            try CommandLineFlags.parse(&args, registry: .standard)
        }
        #expect(error.description == "unknown flag 'x'; \(knownStandard)")
        #expect(!error.message.contains("\n"))
    }

    @Test("enabling a flag that is not built yet is a usage error")
    func notBuilt() {
        var args = ["--enable", "persistent-like-queue"]
        #expect(throws: FlagUsageError(message: "flag 'persistent-like-queue' is not built yet; it cannot be enabled")) {
            try CommandLineFlags.parse(&args, registry: .standard)
        }
    }

    @Test("disabling a flag that is not built yet is allowed")
    func disableNotBuilt() throws {
        var args = ["--disable", "offline-pages"]
        let flags = try CommandLineFlags.parse(&args, registry: .standard)
        #expect(flags.disabled == ["offline-pages"])
    }

    @Test(
        "a missing key after the option is a usage error",
        arguments: [["--enable"], ["--disable"], ["--enable", "--headless"], ["--enable="]])
    func missingArgument(args original: [String]) {
        var args = original
        let option = original[0].hasPrefix("--enable") ? "--enable" : "--disable"
        #expect(throws: FlagUsageError(message: "\(option) needs a flag key; \(knownStandard)")) {
            try CommandLineFlags.parse(&args, registry: .standard)
        }
    }

    @Test("no flag options leaves the arguments alone")
    func nothingToTake() throws {
        var args = ["serve", "--port", "8080"]
        let flags = try CommandLineFlags.parse(&args, registry: .standard)
        #expect(flags == CommandLineFlags())
        #expect(args == ["serve", "--port", "8080"])
    }
}
