import FeatureFlags
import Foundation
import Testing

@Suite("Resolved flags output and the standard registry")
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

    @Test("the standard registry declares the four follow-ups: release flags, off, built as they land")
    func standardRegistry() async {
        let registry = FlagRegistry.standard
        #expect(registry.keys == ["new-posts-pill", "offline-pages", "persistent-like-queue", "shared-post-store"])
        #expect(registry.definition("offline-pages")?.owner == "Store")
        #expect(registry.definition("shared-post-store")?.owner == "Store")
        #expect(registry.definition("persistent-like-queue")?.owner == "OfflineQueue")
        #expect(registry.definition("new-posts-pill")?.owner == "Feed")
        #expect(
            registry.definition("offline-pages")?.description
                == "The last pages saved in SQLite, shown first, then revalidated")
        for definition in registry.definitions {
            #expect(definition.kind == .release)
            #expect(!definition.defaultValue)
            #expect(definition.isBuilt == ["offline-pages", "shared-post-store"].contains(definition.key), "\(definition.key)")
        }
        #expect(registry.definition("unknown") == nil)
        let resolved = await FlagResolver(registry: registry).resolve()
        #expect(registry.keys.allSatisfy { !resolved.isOn($0) && resolved.source(of: $0) == .defaultValue })
        #expect(resolved.table().contains("shared-post-store"))
    }
}
