import FeatureFlags
import Foundation

extension FlagRegistry {
    /// A registry with built flags of each kind and default, plus one flag not built yet.
    static let testing = FlagRegistry(definitions: [
        FlagDefinition(key: "alpha", description: "Alpha feature", owner: "Feed", isBuilt: true),
        FlagDefinition(key: "beta", description: "Beta feature", owner: "Likes", defaultValue: true, isBuilt: true),
        FlagDefinition(
            key: "gamma", description: "Gamma may be switched off remotely", owner: "Store", kind: .killSwitch,
            defaultValue: true, isBuilt: true),
        FlagDefinition(key: "later", description: "Not there yet", owner: "OfflineQueue", isBuilt: false),
    ])
}

/// A directory under the system temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("FeatureFlagsTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the directory and returns its URL.
    func write(_ text: String, to name: String = "flags.json") throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
