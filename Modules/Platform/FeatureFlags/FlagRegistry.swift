/// The set of declared flags; the host constructs one and hands it to the parser and resolver.
public struct FlagRegistry: Sendable {
    /// The definitions, sorted by key.
    public let definitions: [FlagDefinition]
    private let byKey: [FlagKey: FlagDefinition]

    /// Creates a registry; declaring the same key twice is a programming error.
    public init(definitions: [FlagDefinition]) {
        var byKey: [FlagKey: FlagDefinition] = [:]
        for definition in definitions {
            precondition(byKey[definition.key] == nil, "flag '\(definition.key)' is declared twice")
            byKey[definition.key] = definition
        }
        self.byKey = byKey
        self.definitions = definitions.sorted { $0.key < $1.key }
    }

    /// The definition of `key`, or `nil` when no such flag is declared.
    public func definition(_ key: FlagKey) -> FlagDefinition? { byKey[key] }

    /// The declared keys, sorted.
    public var keys: [FlagKey] { definitions.map(\.key) }

    /// The feed's follow-up flags: all release flags, off by default, none built yet.
    public static let standard = FlagRegistry(definitions: [
        FlagDefinition(
            key: "shared-post-store", description: "A second screen shows the same posts",
            owner: "Store", isBuilt: true),
        FlagDefinition(
            key: "offline-pages",
            description: "The last pages saved in SQLite, shown first, then revalidated",
            owner: "Store", isBuilt: true),
        FlagDefinition(
            key: "persistent-like-queue", description: "Likes made offline survive and are sent later",
            owner: "OfflineQueue", isBuilt: false),
        FlagDefinition(
            key: "new-posts-pill",
            description: "Poll for newer posts, show a pill, never insert under the reader",
            owner: "Feed", isBuilt: false),
    ])

    /// "known flags: a, b, c", for messages about a key that is not declared.
    var knownKeysPhrase: String {
        definitions.isEmpty
            ? "no flags are declared"
            : "known flags: " + definitions.map(\.key.rawValue).joined(separator: ", ")
    }
}
