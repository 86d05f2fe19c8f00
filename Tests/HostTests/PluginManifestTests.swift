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
    /// Each manifest plugin's type, flag and its feature's owner, read from the package's manifests.
    private func declared() throws -> [(type: String, flag: String, owner: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let features = root.appendingPathComponent("Modules/Features")
        var found: [(type: String, flag: String, owner: String)] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: features.path).sorted() {
            guard let data = FileManager.default.contents(atPath: features.appendingPathComponent("\(folder)/feature.json").path) else { continue }
            let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let owner = try #require(manifest["owner"] as? String, "\(folder)/feature.json names no owner")
            for plugin in manifest["plugins"] as? [[String: Any]] ?? [] {
                found.append((try #require(plugin["type"] as? String), try #require(plugin["flag"] as? String), owner))
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
        }
    }
}
