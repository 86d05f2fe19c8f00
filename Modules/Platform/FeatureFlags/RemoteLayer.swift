import Foundation

/// The remote source as one resolution sees it: the server's values (if any), how they were
/// obtained, and what was wrong with the answer.
struct RemoteLayer: Sendable {
    /// How the remote values reached this resolution.
    enum Origin: Sendable, Equatable {
        /// Fetched just now, before resolving.
        case fetched
        /// Read from the cache file; fetched at that date.
        case cached(Date)
        /// Fetched by the watcher while the program runs.
        case live
    }

    /// The values, or `nil` when the server has never answered.
    var snapshot: RemoteFlagsSnapshot?
    /// How `snapshot` was obtained.
    var origin: Origin
    /// Problems with the remote answer or the cache, in order.
    var diagnostics: [String]

    /// No remote values: the server was not asked, or never answered.
    static let none = RemoteLayer(snapshot: nil, origin: .fetched, diagnostics: [])

    /// The values that may take part in resolution: declared keys, and never a flag that is not
    /// built switched on (the file could have been edited).
    func values(in registry: FlagRegistry) -> [FlagKey: Bool] {
        guard let snapshot else { return [:] }
        return snapshot.values.filter { key, isOn in
            guard let definition = registry.definition(key) else { return false }
            return !isOn || definition.isBuilt
        }
    }
}
