import FeatureFlags
import Foundation
import Networking
import Testing
import TestingSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Bounded diagnostics")
struct FlagDiagnosticsTests {
    private let resolver = FlagResolver(registry: .testing)
    private let known = "known flags: alpha, beta, gamma, later"

    @Test("200,000 unknown keys in the config file are one line, and its known keys still apply")
    func manyUnknownConfigKeys() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let unknown = (0..<200_000).map { String(format: #""k%06d":true"#, $0) }.joined(separator: ",")
        let config = try directory.write(#"{"flags":{"alpha":true,\#(unknown)}}"#)
        let resolved = await resolver.resolve(configFile: config)
        #expect(
            resolved.diagnostics == [
                "config file \(config.path): 200000 unknown flags ignored ('k000000', 'k000001', 'k000002', 'k000003', 'k000004' and 199995 more); \(known)"
            ])
        #expect(resolved.isOn("alpha") && resolved.source(of: "alpha") == .configFile)
    }

    @Test("two unknown keys are listed in one line without 'more'")
    func twoUnknownKeys() async {
        let resolved = await resolver.resolve(environment: ["FEED_FLAGS": "zeta,eta"])
        #expect(resolved.diagnostics == ["FEED_FLAGS: 2 unknown flags ignored ('zeta', 'eta'); \(known)"])
    }

    @Test("many non-Boolean values in a remote answer are one line")
    func manyNonBooleans() async {
        let values = (0..<50).map { #""n\#($0)":"on""# }.joined(separator: ",")
        let resolved = await resolver.resolve(remote: FakeHTTPClient(behavior: .reply(#"{"flags":{"alpha":true,\#(values)}}"#)))
        #expect(resolved.isOn("alpha"))
        #expect(
            resolved.diagnostics == [
                "remote flags (GET /v1/flags): 50 values are not true or false ('n0', 'n1', 'n10', 'n11', 'n12' and 45 more); ignored"
            ])
    }

    @Test("a remote answer over the size limit is ignored in one line")
    func oversizedRemote() async {
        let body = #"{"flags":{"alpha":true},"pad":""# + String(repeating: "x", count: 262_144) + #""}"#
        let resolved = await resolver.resolve(remote: FakeHTTPClient(behavior: .reply(body)))
        #expect(resolved.source(of: "alpha") == .defaultValue)
        #expect(
            resolved.diagnostics == [
                "remote flags (GET /v1/flags) ignored: unexpected reply from the server at $: the reply is \(body.utf8.count) bytes, over the 262144-byte limit; using the other sources"
            ])
    }

    @Test("many bare signs in FEED_FLAGS are one line")
    func manyBareSigns() async {
        let resolved = await resolver.resolve(environment: ["FEED_FLAGS": "alpha" + String(repeating: ",-", count: 1_000)])
        #expect(resolved.isOn("alpha"))
        #expect(resolved.diagnostics == ["FEED_FLAGS: 1000 items name no flag ('-', '-', '-', '-', '-' and 995 more); ignored"])
    }

    @Test("a key with terminal escapes or bidirectional overrides is shown escaped, and a long one cut")
    func hostileKeys() async {
        let long = String(repeating: "k", count: 1_000)
        let resolved = await resolver.resolve(
            remote: FakeHTTPClient(behavior: .reply(#"{"flags":{"\u001b[2J\u202e":true}}"#)),
            configFile: nil)
        #expect(resolved.diagnostics == [#"remote flags (GET /v1/flags): unknown flag '\u{1b}[2J\u{202e}' ignored; "# + known])
        let cut = await resolver.resolve(environment: ["FEED_FLAGS": long])
        #expect(cut.diagnostics == ["FEED_FLAGS: unknown flag '\(String(repeating: "k", count: 64))…' ignored; \(known)"])
    }

    @Test("a config file over the size limit is ignored in one line")
    func oversizedConfig() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("flags.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 5 * 1024 * 1024)
        try handle.close()
        let resolved = await resolver.resolve(configFile: file)
        #expect(
            resolved.diagnostics == ["config file \(file.path) ignored: it is 5242880 bytes, over the 4194304-byte limit"])
    }

    @Test("a config path that is a FIFO is refused at once, not waited on")
    func fifoConfig() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("flags.json")
        #expect(mkfifo(file.path, 0o600) == 0)
        let resolved = await resolver.resolve(configFile: file)
        #expect(resolved.diagnostics == ["config file \(file.path) ignored: it is not a regular file"])
    }

    @Test("a config file reached through a symbolic link (the user's own) is read")
    func linkedConfig() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let real = try directory.write(#"{"flags":{"alpha":true}}"#, to: "dotfiles.json")
        let link = directory.url.appendingPathComponent("flags.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let resolved = await resolver.resolve(configFile: link)
        #expect(resolved.isOn("alpha") && resolved.diagnostics.isEmpty)
    }
}
