/// What a follow-up declares about the flag that switches it on: its key, the owning team, one
/// line for `--help`, and whether the server may switch it off while the app runs.
public struct PluginFlag: Hashable, Sendable {
    /// The flag's key, e.g. `new-posts-pill`.
    public let key: String
    /// The team that owns the follow-up (a team of `Tools/workspace.json`).
    public let owner: String
    /// One line saying what the flag switches on.
    public let description: String
    /// A kill switch: a remote `false` wins over every other source, live.
    public let isKillSwitch: Bool

    /// Declares a follow-up's flag.
    public init(key: String, owner: String, description: String, isKillSwitch: Bool = true) {
        self.key = key
        self.owner = owner
        self.description = description
        self.isKillSwitch = isKillSwitch
    }
}
