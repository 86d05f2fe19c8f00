import Foundation

/// Where a follow-up keeps its files: one file per kind, user and server, in the user's private
/// data directory, so two accounts or servers never mix.
public struct PluginFiles: Sendable {
    /// The data directory (`--data-dir`, else the user's cache directory).
    public let directory: URL
    /// Who the files belong to, for messages: "demo on the embedded server".
    public let owner: String
    private let name: @Sendable (String, String) -> URL
    private let stateName: @Sendable (String, String) -> URL

    /// Files in `directory` named by `name(kind, extension)`; state files named by `state` (by
    /// default beside them).
    public init(
        directory: URL, owner: String, name: @escaping @Sendable (String, String) -> URL,
        state: (@Sendable (String, String) -> URL)? = nil
    ) {
        self.directory = directory
        self.owner = owner
        self.name = name
        self.stateName = state ?? name
    }

    /// The file of `kind` that can be made again (saved pages): it lives with the caches, e.g.
    /// `file("feed", "sqlite")`, and clearing the caches loses nothing that was not on a server.
    public func file(_ kind: String, _ suffix: String) -> URL { name(kind, suffix) }

    /// The file of `kind` that holds what only this device has (likes not yet sent): it lives with
    /// the user's state (`$XDG_STATE_HOME/feed`, or `--data-dir`), never among caches.
    public func state(_ kind: String, _ suffix: String) -> URL { stateName(kind, suffix) }
}
