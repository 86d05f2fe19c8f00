/// A subcommand of `feed` a follow-up adds (`feed queue`): it reads or changes the follow-up's
/// files for a user and server, whether the follow-up is on or off, and prints lines.
public struct PluginCommand: Hashable, Sendable {
    /// The word after `feed` (lowercase, e.g. `queue`).
    public let name: String
    /// One line for `feed --help`, the completions and the man page.
    public let summary: String

    /// A subcommand `name`, described by `summary`.
    public init(name: String, summary: String) {
        self.name = name
        self.summary = summary
    }
}
