import FeatureFlags
import Foundation
import Testing

@Suite("Resolved flags output and the registry")
struct ResolvedFlagsOutputTests {
    @Test("the table has a header and one row per key with its value, source, owner and kind")
    func table() async throws {
        let resolved = await FlagResolver(registry: .testing).resolve(
            commandLine: CommandLineFlags(enabled: ["alpha"]), environment: ["FEED_FLAGS": "-beta"])
        let lines = resolved.table().split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].split(separator: " ") == ["KEY", "VALUE", "SOURCE", "OWNER", "KIND", "BUILT", "DESCRIPTION"])
        let rows = lines.dropFirst().map { $0.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: true).map {
            $0.trimmingCharacters(in: .whitespaces)
        } }
        #expect(rows[0] == ["alpha", "on", "cli", "Feed", "release", "yes", "Alpha feature"])
        #expect(rows[1] == ["beta", "off", "env", "Likes", "release", "yes", "Beta feature"])
        #expect(rows[2] == ["gamma", "on", "default", "Store", "kill-switch", "yes", "Gamma may be switched off remotely"])
        #expect(rows[3] == ["later", "off", "default", "OfflineQueue", "release", "no", "Not there yet"])
        let sourceColumn = try #require(lines[0].range(of: "SOURCE")).lowerBound.utf16Offset(in: lines[0])
        for line in lines.dropFirst() {
            let start = line.index(line.startIndex, offsetBy: sourceColumn)
            #expect(line[start] != " ", "columns are aligned: \(line)")
        }
    }

    @Test("json() is one line listing every flag and the diagnostics")
    func json() async throws {
        let resolved = await FlagResolver(registry: .testing).resolve(environment: ["FEED_FLAGS": "alpha,bogus"])
        let text = resolved.json()
        #expect(!text.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let flags = try #require(object["flags"] as? [[String: Any]])
        #expect(flags.compactMap { $0["key"] as? String } == ["alpha", "beta", "gamma", "later"])
        #expect(flags[0]["value"] as? Bool == true)
        #expect(flags[0]["source"] as? String == "env")
        #expect(flags[0]["owner"] as? String == "Feed")
        #expect(flags[2]["kind"] as? String == "kill-switch")
        #expect(flags[3]["built"] as? Bool == false)
        let diagnostics = try #require(object["diagnostics"] as? [String])
        #expect(diagnostics == resolved.diagnostics)
        #expect(diagnostics.count == 1)
    }

    @Test("the table and JSON say which flags are kill switches and that remote values are cached, and how long ago")
    func cachedRemoteOutput() async throws {
        let fixture = try WatcherFixture()
        let client = ScriptedHTTPClient([.reply(#"{"flags":{"alpha":true,"gamma":false}}"#)])
        await fixture.run(fixture.watcher(flags: fixture.resolve(), client: client), client: client, fetches: 1)
        fixture.clock.advance(by: .seconds(5 * 60 + 20))
        let resolved = fixture.resolve(commandLine: CommandLineFlags(enabled: ["gamma"]))

        let lines = resolved.table().split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix("alpha  on     remote (cached 5 minutes ago)              Feed          release "))
        #expect(lines[3].hasPrefix("gamma  off    remote kill switch (cached 5 minutes ago)  Store         kill-switch "))
        #expect(lines[2].hasPrefix("beta   on     default "))

        let object = try #require(try JSONSerialization.jsonObject(with: Data(resolved.json().utf8)) as? [String: Any])
        let flags = try #require(object["flags"] as? [[String: Any]])
        #expect(flags[0]["source"] as? String == "remote")
        #expect(flags[0]["sourceDetail"] as? String == "remote (cached 5 minutes ago)")
        #expect(flags[0]["killSwitch"] as? Bool == false)
        #expect(flags[2]["killSwitch"] as? Bool == true)
        #expect(flags[2]["sourceDetail"] as? String == "remote kill switch (cached 5 minutes ago)")
        let remote = try #require(object["remote"] as? [String: Any])
        #expect(remote["ageSeconds"] as? Int == 320)
        #expect(remote["fetchedAt"] as? String == "2023-11-14T22:13:20Z")
    }

    @Test("the age of cached values reads naturally", arguments: [
        (0.0, "just now"), (59, "just now"), (60, "1 minute ago"), (300, "5 minutes ago"), (7_199, "119 minutes ago"),
        (7_200, "2 hours ago"), (172_800, "2 days ago"), (-30, "just now"),
    ])
    func ages(seconds: Double, text: String) async throws {
        let fixture = try WatcherFixture()
        let client = ScriptedHTTPClient([.reply(#"{"flags":{"alpha":true}}"#)])
        await fixture.run(fixture.watcher(flags: fixture.resolve(), client: client), client: client, fetches: 1)
        let resolved = FlagResolver(registry: .testing).resolve(
            cache: fixture.cache, now: fixture.clock.date.addingTimeInterval(seconds))
        #expect(resolved.sourceDescription(of: "alpha") == "remote (cached \(text))")
    }

    @Test("a registry keeps its declarations sorted by key, finds each by key, and resolves each to its default")
    func registry() async {
        let shuffled = FlagRegistry(definitions: FlagRegistry.testing.definitions.reversed())
        #expect(shuffled.keys == ["alpha", "beta", "gamma", "later"])
        #expect(shuffled.definitions == FlagRegistry.testing.definitions)
        #expect(shuffled.definition("gamma")?.kind == .killSwitch)
        #expect(shuffled.definition("alpha")?.kind == .release)
        #expect(shuffled.definition("later")?.isBuilt == false)
        #expect(shuffled.definition("beta")?.owner == "Likes")
        #expect(shuffled.definition("unknown") == nil)
        let resolved = await FlagResolver(registry: shuffled).resolve()
        #expect(shuffled.keys.allSatisfy { resolved.source(of: $0) == .defaultValue })
        #expect(shuffled.keys.filter { resolved.isOn($0) } == ["beta", "gamma"])
        #expect(FlagRegistry(definitions: []).keys.isEmpty)
    }
}
