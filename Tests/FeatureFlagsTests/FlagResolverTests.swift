import FeatureFlags
import Foundation
import Networking
import Testing
import TestingSupport

@Suite("Flag resolution")
struct FlagResolverTests {
    private let resolver = FlagResolver(registry: .testing)

    /// Sets `key` to `value` in `top` and to `!value` in every source below it, then resolves.
    private func resolveWithConflict(key: FlagKey, value: Bool, top: FlagSource) async throws -> ResolvedFlags {
        let sources = FlagSource.allCases
        let topIndex = try #require(sources.firstIndex(of: top))
        func wanted(_ source: FlagSource) -> Bool? {
            guard let index = sources.firstIndex(of: source), index >= topIndex else { return nil }
            return index == topIndex ? value : !value
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let commandLine = wanted(.commandLine).map {
            $0 ? CommandLineFlags(enabled: [key]) : CommandLineFlags(disabled: [key])
        } ?? CommandLineFlags()
        let environment = wanted(.environment).map { ["FEED_FLAGS": $0 ? "\(key)" : "-\(key)"] } ?? [:]
        let remote = wanted(.remote).map { FakeHTTPClient(behavior: .reply(#"{"flags":{"\#(key)":\#($0)}}"#)) }
        let config = try wanted(.configFile).map { try directory.write(#"{"flags":{"\#(key)":\#($0)}}"#) }
        return await resolver.resolve(commandLine: commandLine, environment: environment, remote: remote, configFile: config)
    }

    @Test("each source wins over every source below it", arguments: FlagSource.allCases, [false, true])
    func precedence(top: FlagSource, value: Bool) async throws {
        // "alpha" defaults to off and "beta" to on, so the default row checks both values too.
        let key: FlagKey = top == .defaultValue ? (value ? "beta" : "alpha") : "alpha"
        let resolved = try await resolveWithConflict(key: key, value: value, top: top)
        #expect(resolved.isOn(key) == value)
        #expect(resolved.source(of: key) == top)
        #expect(resolved.diagnostics.isEmpty)
    }

    @Test("a remote false for a kill switch beats the command line, environment and config")
    func killSwitchWins() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = try directory.write(#"{"flags":{"gamma":true}}"#)
        let resolved = await resolver.resolve(
            commandLine: CommandLineFlags(enabled: ["gamma"]), environment: ["FEED_FLAGS": "gamma"],
            remote: FakeHTTPClient(behavior: .reply(#"{"flags":{"gamma":false}}"#)), configFile: config)
        #expect(!resolved.isOn("gamma"))
        #expect(resolved.source(of: "gamma") == .remote)
        #expect(resolved.diagnostics == ["flag 'gamma' is switched off by the server's kill switch; --enable on the command line is ignored"])
    }

    @Test("a kill switch names the source it overrode, and is silent over config and default")
    func killSwitchDiagnostics() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = try directory.write(#"{"flags":{"gamma":true}}"#)
        let switchedOff = FakeHTTPClient(behavior: .reply(#"{"flags":{"gamma":false}}"#))
        let overEnvironment = await resolver.resolve(environment: ["FEED_FLAGS": "gamma"], remote: switchedOff)
        #expect(overEnvironment.diagnostics == ["flag 'gamma' is switched off by the server's kill switch; its entry in FEED_FLAGS is ignored"])
        let overConfig = await resolver.resolve(remote: switchedOff, configFile: config)
        #expect(!overConfig.isOn("gamma") && overConfig.source(of: "gamma") == .remote)
        #expect(overConfig.diagnostics.isEmpty, "the remote outranks the config file anyway")
        let overDefault = await resolver.resolve(remote: switchedOff)
        #expect(!overDefault.isOn("gamma") && overDefault.source(of: "gamma") == .remote)
        #expect(overDefault.diagnostics.isEmpty)
    }

    @Test("a remote true for a kill switch follows the usual precedence")
    func killSwitchTrueDoesNotOverride() async {
        let resolved = await resolver.resolve(
            commandLine: CommandLineFlags(disabled: ["gamma"]),
            remote: FakeHTTPClient(behavior: .reply(#"{"flags":{"gamma":true}}"#)))
        #expect(!resolved.isOn("gamma"))
        #expect(resolved.source(of: "gamma") == .commandLine)
    }

    @Test("a remote false for a release flag does not beat the command line")
    func releaseFlagIsNoKillSwitch() async {
        let resolved = await resolver.resolve(
            commandLine: CommandLineFlags(enabled: ["alpha"]),
            remote: FakeHTTPClient(behavior: .reply(#"{"flags":{"alpha":false}}"#)))
        #expect(resolved.isOn("alpha"))
        #expect(resolved.source(of: "alpha") == .commandLine)
        #expect(resolved.diagnostics.isEmpty)
    }

    @Test("FEED_FLAGS: k switches on, -k off, whitespace and blank items are ignored")
    func environmentParsing() async {
        let resolved = await resolver.resolve(environment: ["FEED_FLAGS": " alpha , -beta,, +gamma ,"])
        #expect(resolved.isOn("alpha") && resolved.source(of: "alpha") == .environment)
        #expect(!resolved.isOn("beta") && resolved.source(of: "beta") == .environment)
        #expect(resolved.isOn("gamma") && resolved.source(of: "gamma") == .environment)
        #expect(resolved.diagnostics.isEmpty)
    }

    @Test("an empty or blank FEED_FLAGS sets nothing", arguments: ["", "  ", ",", " , ,"])
    func emptyEnvironment(value: String) async {
        let resolved = await resolver.resolve(environment: ["FEED_FLAGS": value])
        for key: FlagKey in ["alpha", "beta", "gamma", "later"] {
            #expect(resolved.source(of: key) == .defaultValue)
        }
        #expect(!resolved.isOn("alpha") && resolved.isOn("beta"))
        #expect(resolved.diagnostics.isEmpty)
    }

    @Test("FEED_FLAGS: the last mention wins and a bare sign is reported")
    func environmentRepeatsAndBareSign() async {
        let resolved = await resolver.resolve(environment: ["FEED_FLAGS": "alpha,-alpha, - "])
        #expect(!resolved.isOn("alpha"))
        #expect(resolved.source(of: "alpha") == .environment)
        #expect(resolved.diagnostics == ["FEED_FLAGS: ' - ' names no flag; ignored"])
    }

    @Test("unknown keys from env, remote and config are diagnostics, and the known keys still apply")
    func unknownKeysAreDiagnostics() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = try directory.write(#"{"flags":{"gamma":false,"zeta":true}}"#)
        let resolved = await resolver.resolve(
            environment: ["FEED_FLAGS": "alpha,nope"],
            remote: FakeHTTPClient(behavior: .reply(#"{"flags":{"beta":false,"mystery":true}}"#)),
            configFile: config)
        #expect(resolved.isOn("alpha") && resolved.source(of: "alpha") == .environment)
        #expect(!resolved.isOn("beta") && resolved.source(of: "beta") == .remote)
        #expect(!resolved.isOn("gamma") && resolved.source(of: "gamma") == .configFile)
        let known = "known flags: alpha, beta, gamma, later"
        #expect(
            resolved.diagnostics == [
                "FEED_FLAGS: unknown flag 'nope' ignored; \(known)",
                "remote flags (GET /v1/flags): unknown flag 'mystery' ignored; \(known)",
                "config file \(config.path): unknown flag 'zeta' ignored; \(known)",
            ])
    }

    @Test("a failing remote fetch is a diagnostic and the other sources still resolve")
    func remoteFailure() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = try directory.write(#"{"flags":{"beta":false}}"#)
        let error = HTTPError.unreachable(host: "127.0.0.1", reason: "connection refused")
        let resolved = await resolver.resolve(
            environment: ["FEED_FLAGS": "alpha"], remote: FakeHTTPClient(behavior: .fail(error)), configFile: config)
        #expect(resolved.isOn("alpha") && resolved.source(of: "alpha") == .environment)
        #expect(!resolved.isOn("beta") && resolved.source(of: "beta") == .configFile)
        #expect(resolved.isOn("gamma") && resolved.source(of: "gamma") == .defaultValue)
        #expect(
            resolved.diagnostics == [
                "remote flags (GET /v1/flags) ignored: cannot reach 127.0.0.1: connection refused; using the other sources"
            ])
    }

    @Test("the remote fetch is one GET /v1/flags attempt with a 1 s timeout")
    func remoteRequest() async throws {
        let client = FakeHTTPClient(behavior: .reply(#"{"flags":{}}"#))
        _ = await resolver.resolve(remote: client)
        let requests = await client.log.requests
        let request = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(request.method == .get)
        #expect(request.path == "/v1/flags")
        #expect(request.timeout == .seconds(1))
        #expect(request.retryLimit == 0)
    }

    @Test("a server that never answers is abandoned after the remote timeout")
    func remoteHang() async {
        let resolver = FlagResolver(registry: .testing, remoteTimeout: .milliseconds(50))
        let resolved = await resolver.resolve(environment: ["FEED_FLAGS": "alpha"], remote: FakeHTTPClient(behavior: .hang))
        #expect(resolved.isOn("alpha"))
        #expect(
            resolved.diagnostics == [
                "remote flags (GET /v1/flags) ignored: the server did not answer within 0.05 s; using the other sources"
            ])
    }

    @Test("a remote reply of the wrong shape is a diagnostic")
    func remoteWrongShape() async {
        let resolved = await resolver.resolve(remote: FakeHTTPClient(behavior: .reply(#"{"enabled":["alpha"]}"#)))
        #expect(resolved.source(of: "alpha") == .defaultValue)
        #expect(
            resolved.diagnostics == [
                "remote flags (GET /v1/flags) ignored: unexpected reply from the server at $.flags: missing key; using the other sources"
            ])
    }

    @Test("a remote value that is not a Boolean is ignored on its own")
    func remoteNonBoolean() async {
        let resolved = await resolver.resolve(
            remote: FakeHTTPClient(behavior: .reply(#"{"flags":{"alpha":"yes","beta":false}}"#)))
        #expect(resolved.source(of: "alpha") == .defaultValue)
        #expect(!resolved.isOn("beta") && resolved.source(of: "beta") == .remote)
        #expect(resolved.diagnostics == ["remote flags (GET /v1/flags): the value of 'alpha' is not true or false; ignored"])
    }

    @Test("a malformed config file is a diagnostic", arguments: ["{not json", "", #"{"flags":["alpha"]}"#])
    func malformedConfig(text: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = try directory.write(text)
        let resolved = await resolver.resolve(environment: ["FEED_FLAGS": "alpha"], configFile: config)
        #expect(resolved.isOn("alpha"))
        #expect(resolved.source(of: "beta") == .defaultValue)
        let diagnostic = try #require(resolved.diagnostics.first)
        #expect(resolved.diagnostics.count == 1)
        #expect(diagnostic.hasPrefix("config file \(config.path) ignored: "))
        #expect(diagnostic.hasSuffix(#"; expected {"flags":{"offline-pages":true}}"#))
    }

    @Test("a missing config file is fine and says nothing")
    func missingConfig() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let resolved = await resolver.resolve(configFile: directory.url.appendingPathComponent("absent.json"))
        #expect(resolved.diagnostics.isEmpty)
        #expect(resolved.source(of: "alpha") == .defaultValue)
    }

    @Test("a config path that is a directory says so, not that it is a permissions problem")
    func directoryConfig() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let resolved = await resolver.resolve(configFile: directory.url)
        #expect(
            resolved.diagnostics == [
                #"config file \#(directory.url.path) ignored: it is a directory; point it at a JSON file like {"flags":{"offline-pages":true}}"#
            ])
    }

    @Test("a flag that is not built stays off whatever env, remote and config say")
    func notBuiltStaysOff() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = try directory.write(#"{"flags":{"later":true}}"#)
        let resolved = await resolver.resolve(
            environment: ["FEED_FLAGS": "later"],
            remote: FakeHTTPClient(behavior: .reply(#"{"flags":{"later":true}}"#)), configFile: config)
        #expect(!resolved.isOn("later"))
        #expect(resolved.source(of: "later") == .defaultValue)
        #expect(
            resolved.diagnostics == [
                "FEED_FLAGS: flag 'later' is not built yet; it stays off",
                "remote flags (GET /v1/flags): flag 'later' is not built yet; it stays off",
                "config file \(config.path): flag 'later' is not built yet; it stays off",
            ])
    }

    @Test("a key that is not declared is off, from the default")
    func undeclaredKeyQuery() async {
        let resolved = await resolver.resolve()
        #expect(!resolved.isOn("nothing-like-this"))
        #expect(resolved.source(of: "nothing-like-this") == .defaultValue)
    }

    @Test("the conventional config file follows XDG_CONFIG_HOME, then HOME")
    func standardConfigFile() {
        #expect(
            FlagResolver.standardConfigFile(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])?.path
                == "/x/feed/flags.json")
        #expect(FlagResolver.standardConfigFile(environment: ["HOME": "/h"])?.path == "/h/.config/feed/flags.json")
        #expect(FlagResolver.standardConfigFile(environment: [:]) == nil)
    }
}
