import FeatureFlags
import Foundation
import TestingSupport

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

extension TemporaryDirectory {
    /// Writes `text` to `name` inside the directory and returns its URL.
    func write(_ text: String, to name: String = "flags.json") throws -> URL {
        let file = file(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}
