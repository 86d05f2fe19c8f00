import Foundation

/// Where a follow-up keeps its files: one file per kind, user and server, in the user's private
/// data directory, so two accounts or servers never mix.
public struct PluginFiles: Sendable {
    /// The data directory (`--data-dir`, else the user's cache directory).
    public let directory: URL
    /// Who the files belong to, for messages: "demo on the embedded server".
    public let owner: String
    private let name: @Sendable (String, String) -> URL

    /// Files in `directory` named by `name(kind, extension)`.
    public init(directory: URL, owner: String, name: @escaping @Sendable (String, String) -> URL) {
        self.directory = directory
        self.owner = owner
        self.name = name
    }

    /// The file of `kind`, e.g. `file("likes", "sqlite")`.
    public func file(_ kind: String, _ suffix: String) -> URL { name(kind, suffix) }
}
