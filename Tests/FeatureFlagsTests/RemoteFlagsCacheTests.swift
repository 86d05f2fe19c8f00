import FeatureFlags
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Remote flags cache file")
struct RemoteFlagsCacheTests {
    private let body = #"{"flags":{"alpha":true,"gamma":false}}"#

    /// Fills the fixture's cache through a watcher, as a first run would.
    private func seed(_ fixture: WatcherFixture, etag: String = #""v1""#) async {
        let client = ScriptedHTTPClient([.reply(body, headers: ["ETag": etag])])
        await fixture.run(fixture.watcher(flags: fixture.resolve(), client: client), client: client, fetches: 1)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : 0
    }

    @Test("the file is 0600 in a 0700 directory, one file per server, no credentials written")
    func modesAndNames() async throws {
        let fixture = try WatcherFixture(server: URL(string: "http://user:secret@Example.COM:8080/")!)
        #expect(fixture.cache.server == "http://example.com:8080")
        await seed(fixture)
        #expect(mode(fixture.cache.fileURL.path) & 0o777 == 0o600)
        #expect(mode(fixture.cache.fileURL.path) & S_IFMT == S_IFREG)
        #expect(mode(fixture.cache.directory.path) & 0o777 == 0o700)
        let text = try String(contentsOf: fixture.cache.fileURL, encoding: .utf8)
        #expect(!text.contains("secret"))
        let other = RemoteFlagsCache(directory: fixture.cache.directory, server: URL(string: "http://example.com:9090")!)
        #expect(other.fileURL != fixture.cache.fileURL)
        #expect(other.fileURL.deletingLastPathComponent() == fixture.cache.fileURL.deletingLastPathComponent())
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.cache.directory.path)
        #expect(leftovers == [fixture.cache.fileURL.lastPathComponent], "no temporary file is left behind")
    }

    @Test("a symbolic link at the cache path is not followed, and the next save replaces the link, not its target")
    func symbolicLink() async throws {
        let fixture = try WatcherFixture()
        await seed(fixture)
        let target = fixture.directory.url.appendingPathComponent("elsewhere.json")
        try FileManager.default.moveItem(at: fixture.cache.fileURL, to: target)
        let targetText = try String(contentsOf: target, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: fixture.cache.fileURL, withDestinationURL: target)

        let start = fixture.resolve()
        #expect(
            start.diagnostics == [
                "remote flags cache \(fixture.cache.fileURL.path) ignored: it is a symbolic link, which is never followed; it is replaced after the next fetch"
            ])
        #expect(start.source(of: "alpha") == .defaultValue, "the link's target is not read")
        let client = ScriptedHTTPClient([.reply(#"{"flags":{"alpha":false}}"#)])
        await fixture.run(fixture.watcher(flags: start, client: client), client: client, fetches: 1)
        #expect(mode(fixture.cache.fileURL.path) & S_IFMT == S_IFREG)
        #expect(try String(contentsOf: target, encoding: .utf8) == targetText)
        #expect(fixture.resolve().diagnostics.isEmpty)
    }

    @Test("a cache directory that is a symbolic link is neither read nor written through")
    func linkedDirectory() async throws {
        let fixture = try WatcherFixture()
        await seed(fixture)
        let real = fixture.directory.url.appendingPathComponent("real", isDirectory: true)
        try FileManager.default.moveItem(at: fixture.cache.directory, to: real)
        try FileManager.default.createSymbolicLink(at: fixture.cache.directory, withDestinationURL: real)
        let before = try FileManager.default.contentsOfDirectory(atPath: real.path)

        let start = fixture.resolve()
        #expect(
            start.diagnostics == [
                "remote flags cache \(fixture.cache.fileURL.path) ignored: its directory is a symbolic link (or not a directory), which is never followed; it is replaced after the next fetch"
            ])
        let client = ScriptedHTTPClient([.reply(body)])
        await fixture.run(fixture.watcher(flags: start, client: client), client: client, fetches: 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path) == before, "nothing written through the link")
        #expect(fixture.reports.count == 1 && fixture.reports[0].hasPrefix("remote flags cache not saved: cannot open the directory"))
    }

    @Test("delete removes the file for logout, and a missing file is fine")
    func delete() async throws {
        let fixture = try WatcherFixture()
        await seed(fixture)
        #expect(FileManager.default.fileExists(atPath: fixture.cache.fileURL.path))
        try fixture.cache.delete()
        #expect(!FileManager.default.fileExists(atPath: fixture.cache.fileURL.path))
        try fixture.cache.delete()
        #expect(fixture.resolve().source(of: "alpha") == .defaultValue)
    }

    /// A cache file the reader must refuse, and the reason it gives.
    struct BadFile: Sendable, CustomTestStringConvertible {
        let name: String
        let contents: @Sendable (WatcherFixture) throws -> Data
        let reason: String
        var testDescription: String { name }
    }

    static let badFiles: [BadFile] = [
        BadFile(name: "corrupt", contents: { _ in Data(#"{"format":"feed-remote-fl"#.utf8) }, reason: "it is not valid JSON"),
        BadFile(name: "foreign JSON", contents: { _ in Data(#"{"flags":{"alpha":true}}"#.utf8) }, reason: "it is not a remote flags cache"),
        BadFile(
            name: "oversized", contents: { _ in Data(repeating: 0x20, count: 70_000) },
            reason: "it is 70000 bytes, over the 65536-byte limit"),
        BadFile(
            name: "another server's",
            contents: { fixture in
                let text = try String(contentsOf: fixture.cache.fileURL, encoding: .utf8)
                return Data(text.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:9999").utf8)
            }, reason: "it was written for another server"),
        BadFile(
            name: "another version",
            contents: { fixture in
                let text = try String(contentsOf: fixture.cache.fileURL, encoding: .utf8)
                return Data(text.replacingOccurrences(of: #""version":1"#, with: #""version":7"#).utf8)
            }, reason: "it is not a remote flags cache of this version"),
        BadFile(
            name: "impossible date",
            contents: { fixture in
                let object = try fixture.cacheFile()
                var copy = object
                copy["fetchedAt"] = -5
                return try JSONSerialization.data(withJSONObject: copy)
            }, reason: "its fetch time is not a valid date"),
    ]

    @Test("a bad cache file is ignored with one warning, the defaults apply, and the next fetch replaces it", arguments: badFiles)
    func badFile(_ bad: BadFile) async throws {
        let fixture = try WatcherFixture()
        await seed(fixture)
        let data = try bad.contents(fixture)
        try data.write(to: fixture.cache.fileURL)
        let start = fixture.resolve()
        #expect(
            start.diagnostics == [
                "remote flags cache \(fixture.cache.fileURL.path) ignored: \(bad.reason); it is replaced after the next fetch"
            ])
        #expect(start.source(of: "alpha") == .defaultValue && start.isOn("gamma"))
        let client = ScriptedHTTPClient([.reply(body)])
        await fixture.run(fixture.watcher(flags: start, client: client), client: client, fetches: 1)
        let next = fixture.resolve()
        #expect(next.diagnostics.isEmpty)
        #expect(next.isOn("alpha") && next.source(of: "alpha") == .remote)
    }

    @Test("a directory at the cache path is reported at start, and the failed save once per run")
    func directoryAtCachePath() async throws {
        let fixture = try WatcherFixture()
        try FileManager.default.createDirectory(at: fixture.cache.fileURL, withIntermediateDirectories: true)
        let start = fixture.resolve()
        #expect(
            start.diagnostics == [
                "remote flags cache \(fixture.cache.fileURL.path) ignored: it is a directory, not a file; it is replaced after the next fetch"
            ])
        let client = ScriptedHTTPClient([.reply(body)])
        let updates = await fixture.run(fixture.watcher(flags: start, client: client), client: client, fetches: 2)
        #expect(updates.first?.turnedOff == ["gamma"], "the live kill switch works without a cache")
        #expect(fixture.reports.count == 1)
        #expect(fixture.reports.first?.hasPrefix("remote flags cache not saved: cannot replace \(fixture.cache.fileURL.path): ") == true)
    }

    @Test("a cache written by a build with other flags keeps its values but is fetched afresh, without If-None-Match")
    func otherRegistry() async throws {
        let fixture = try WatcherFixture()
        await seed(fixture)
        let grown = FlagRegistry(
            definitions: FlagRegistry.testing.definitions + [
                FlagDefinition(key: "delta", description: "New in this build", owner: "Feed", isBuilt: true)
            ])
        let start = fixture.resolve(registry: grown)
        #expect(start.isOn("alpha") && start.source(of: "alpha") == .remote && start.diagnostics.isEmpty)
        let client = ScriptedHTTPClient([.reply(#"{"flags":{"alpha":true,"delta":true}}"#, headers: ["ETag": #""v2""#])])
        let watcher = fixture.watcher(flags: start, client: client)
        #expect(await watcher.refreshOnce() == .changed)
        #expect(client.requests.first?.headers["If-None-Match"] == nil)
        #expect(fixture.resolve(registry: grown).isOn("delta"))
    }

    @Test("an ETag that could split a header or is too long is not kept", arguments: ["\"a\"\r\nX-Evil: 1", String(repeating: "e", count: 300), " "])
    func unsafeETag(etag: String) async throws {
        let fixture = try WatcherFixture()
        await seed(fixture, etag: etag)
        #expect(try fixture.cacheFile()["etag"] == nil)
        let client = ScriptedHTTPClient([.reply(body)])
        let watcher = fixture.watcher(flags: fixture.resolve(), client: client)
        _ = await watcher.refreshOnce()
        #expect(client.requests.first?.headers["If-None-Match"] == nil)
    }
}
