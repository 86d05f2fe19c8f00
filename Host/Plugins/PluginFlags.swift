import FeatureFlags
import PluginInterface

/// The flag list, collected from the plugins: what the parser, the resolver and `--help` know.
@MainActor
enum PluginFlags {
    /// A registry declaring each plugin's flag.
    static func registry(_ plugins: [any FeaturePlugin]) -> FlagRegistry {
        FlagRegistry(definitions: plugins.map { plugin in
            let flag = plugin.flag
            return FlagDefinition(
                key: FlagKey(flag.key), description: flag.description, owner: flag.owner, kind: flag.isKillSwitch ? .killSwitch : .release,
                isBuilt: true)
        })
    }

    /// The plugin whose flag is `key`, if any.
    static func plugin(_ key: FlagKey, in plugins: [any FeaturePlugin]) -> (any FeaturePlugin)? {
        plugins.first { $0.flag.key == key.rawValue }
    }
}
