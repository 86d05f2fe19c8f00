import Foundation
import PluginInterface
import Testing
@testable import Host

/// The plugin list is generated from the features' manifests (`feature.json`); each plugin value
/// it builds declares the flag and owner its manifest says, so the tables, CODEOWNERS and the
/// running app agree on every follow-up.
@Suite("the plugin list agrees with the features' manifests")
@MainActor
struct PluginManifestTests {
    /// One manifest plugin: its type, flag, its feature's owner, and the headless commands and fields the docs show for it.
    struct Declared {
        let type: String
        let flag: String
        let owner: String
        let headless: [String]
        let fields: [String]
    }

    /// Each manifest plugin, read from the package's manifests.
    private func declared() throws -> [Declared] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let features = root.appendingPathComponent("Modules/Features")
        var found: [Declared] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: features.path).sorted() {
            guard let data = FileManager.default.contents(atPath: features.appendingPathComponent("\(folder)/feature.json").path) else { continue }
            let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let owner = try #require(manifest["owner"] as? String, "\(folder)/feature.json names no owner")
            for plugin in manifest["plugins"] as? [[String: Any]] ?? [] {
                func names(_ key: String, _ name: String) -> [String] {
                    (plugin[key] as? [[String: Any]] ?? []).compactMap { $0[name] as? String }
                }
                found.append(Declared(
                    type: try #require(plugin["type"] as? String), flag: try #require(plugin["flag"] as? String), owner: owner,
                    headless: names("headless", "command"), fields: names("fields", "field")))
            }
        }
        return found
    }

    @Test("every plugin the host builds is a manifest's, with the manifest's flag and owning team")
    func agrees() throws {
        let manifests = try declared()
        #expect(manifests.count == PluginList.all.count)
        for plugin in PluginList.all {
            let type = String(describing: Swift.type(of: plugin))
            let entry = try #require(manifests.first { $0.type == type }, "\(type) is in no feature.json")
            #expect(plugin.flag.key == entry.flag, "\(type)")
            #expect(plugin.flag.owner == entry.owner, "\(type)")
            // The docs generated from the manifest name the commands and fields the plugin declares: no more, no fewer.
            #expect(entry.headless.map { String($0.prefix { $0 != " " }) } == plugin.headlessCommands.map(\.name), "\(type)'s headless commands")
            let fields = entry.fields.map { String($0.dropFirst().prefix { $0 != "\"" }) }
            // A follow-up's field never takes the name of one the host writes (it would be left out).
            #expect(plugin.headlessFields.allSatisfy { !StateJSON.stateKeys.contains($0.name) }, "\(type)'s state fields")
            #expect(plugin.headlessRowFields.allSatisfy { !StateJSON.rowKeys.contains($0.name) }, "\(type)'s row fields")
            #expect(fields.sorted() == (plugin.headlessFields + plugin.headlessRowFields).map(\.name).sorted(), "\(type)'s headless fields")
        }
    }
}
