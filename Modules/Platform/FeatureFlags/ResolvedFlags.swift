import Foundation

/// Every declared flag's value and where it came from, plus the problems met while resolving.
public struct ResolvedFlags: Sendable {
    struct Entry: Sendable {
        let definition: FlagDefinition
        let isOn: Bool
        let source: FlagSource
        /// The server's kill switch overrode a higher source.
        let isKillSwitched: Bool
        /// How the remote value reached this resolution, when the source is `.remote`.
        let remoteOrigin: RemoteLayer.Origin?
    }

    let entries: [Entry]
    private let index: [FlagKey: Int]
    /// One line per ignored input (unknown key, unreachable server, malformed file); print to stderr.
    public let diagnostics: [String]
    /// The local sources, kept so the watcher can resolve again with newer remote values.
    let layers: FlagLayers
    /// The remote values this resolution used.
    let remoteSnapshot: RemoteFlagsSnapshot?
    /// When this resolution was made (the age of cached values is measured from it).
    let resolvedAt: Date

    init(
        entries: [Entry], diagnostics: [String], layers: FlagLayers, remoteSnapshot: RemoteFlagsSnapshot?,
        resolvedAt: Date
    ) {
        self.entries = entries
        self.index = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.definition.key, $0) })
        self.diagnostics = diagnostics
        self.layers = layers
        self.remoteSnapshot = remoteSnapshot
        self.resolvedAt = resolvedAt
    }

    /// Whether `key` is on; a key that is not declared is off.
    public func isOn(_ key: FlagKey) -> Bool {
        entry(key)?.isOn ?? false
    }

    /// The source that decided `key`; `.defaultValue` for a key that is not declared.
    public func source(of key: FlagKey) -> FlagSource {
        entry(key)?.source ?? .defaultValue
    }

    /// Where `key`'s value came from in words, as `feed flags` shows it: `cli`, `env`, `config`,
    /// `default`, `remote`, `remote (cached 5 minutes ago)`, `remote kill switch (live)`.
    public func sourceDescription(of key: FlagKey) -> String {
        entry(key).map(describeSource) ?? FlagSource.defaultValue.rawValue
    }

    /// When the server gave the remote values in use (cached or fresh); `nil` when it never has.
    public var remoteFetchedAt: Date? { remoteSnapshot?.fetchedAt }

    func entry(_ key: FlagKey) -> Entry? {
        index[key].map { entries[$0] }
    }

    /// A copy whose entries are `entries` (the watcher's live view), without diagnostics.
    func replacing(entries: [Entry], remoteSnapshot: RemoteFlagsSnapshot?, at date: Date) -> ResolvedFlags {
        ResolvedFlags(entries: entries, diagnostics: [], layers: layers, remoteSnapshot: remoteSnapshot, resolvedAt: date)
    }

    func describeSource(_ entry: Entry) -> String {
        guard entry.source == .remote else { return entry.source.rawValue }
        let base = entry.isKillSwitched ? "remote kill switch" : "remote"
        switch entry.remoteOrigin {
        case .cached(let fetchedAt): return "\(base) (cached \(Self.age(resolvedAt.timeIntervalSince(fetchedAt))))"
        case .live: return "\(base) (live)"
        case .fetched, nil: return base
        }
    }

    /// "just now", "1 minute ago", "5 minutes ago", "3 hours ago", "2 days ago".
    static func age(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds >= 60 else { return "just now" }
        let minutes = Int(seconds / 60)
        if minutes < 120 { return minutes == 1 ? "1 minute ago" : "\(minutes) minutes ago" }
        let hours = minutes / 60
        if hours < 48 { return "\(hours) hours ago" }
        return "\(hours / 24) days ago"
    }
}
