/// One follow-up a feature's manifest declares: the `FeaturePlugin` value the host's plugin list
/// builds, its flag, and the lines the README's and the docs' flag tables show for it.
struct PluginDefinition: Equatable, Sendable {
    /// The plugin's type (`OfflinePagesPlugin`), built with `init()`.
    let type: String
    /// The module that declares it (imported by the plugin list).
    let module: String
    /// The flag key (`offline-pages`).
    let flag: String
    /// Its place in the plugin list (lower first): the order the host wraps and extends in.
    let position: Int
    /// What it adds, one line for the README's table.
    let adds: String
    /// What it does, in depth, for the docs' table.
    let does: String
    /// Where it is documented (`docs/features.md#…`).
    let docs: String
    /// Its own contract (an interface module only its feature's modules may import), if it has one.
    var contract: String? = nil
    /// The keys it adds to screens (`m`), each with what it does: the README's keys table.
    var keys: [Entry] = []
    /// Its headless commands as written with their arguments (`mute AUTHOR_ID`): the API doc's table.
    var headless: [Entry] = []
    /// The headless state's fields it adds (`"pending": true|false`), each with what it means.
    var fields: [Entry] = []

    /// One generated line: a name and what it does.
    struct Entry: Equatable, Sendable {
        /// The key, the command with its arguments, or the field as written in JSON.
        let name: String
        /// What it does or means, one line.
        let does: String
        /// A row field (each row of the state has it) rather than a field of the state.
        var row = false
    }
    /// The manifest line it starts on.
    let line: Int
}
