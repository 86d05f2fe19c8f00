/// The set of declared flags; the host builds one from its plugins and hands it to the parser and
/// resolver. This module keeps the mechanism, never the product's list.
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

    /// "known flags: a, b, c", for messages about a key that is not declared.
    var knownKeysPhrase: String {
        definitions.isEmpty
            ? "no flags are declared"
            : "known flags: " + definitions.map(\.key.rawValue).joined(separator: ", ")
    }

    /// Keeps the entries naming declared flags (the last of repeated keys wins). Unknown keys are
    /// reported in one line (the first few, then how many more); switching on a flag that is not
    /// built yet is reported per flag and ignored.
    func accept(_ entries: [(String, Bool)], origin: String, diagnostics: inout [String]) -> [FlagKey: Bool] {
        var values: [FlagKey: Bool] = [:]
        var unknown: [String] = []
        for (name, isOn) in entries {
            let key = FlagKey(name)
            guard let definition = definition(key) else {
                unknown.append(name)
                continue
            }
            if isOn, !definition.isBuilt {
                diagnostics.append("\(origin): flag \(FlagMessages.quoted(name)) is not built yet; it stays off")
                continue
            }
            values[key] = isOn
        }
        if unknown.count == 1 {
            diagnostics.append("\(origin): unknown flag \(FlagMessages.quoted(unknown[0])) ignored; \(knownKeysPhrase)")
        } else if !unknown.isEmpty {
            diagnostics.append("\(origin): \(unknown.count) unknown flags ignored (\(FlagMessages.list(unknown))); \(knownKeysPhrase)")
        }
        return values
    }

    /// A short text that changes whenever a flag is declared, removed, or becomes built: a cache
    /// written under another fingerprint was filtered by other rules and must be fetched afresh.
    var fingerprint: String {
        StableHash.of(definitions.map { "\($0.key.rawValue)=\($0.isBuilt ? 1 : 0)" }.joined(separator: ";"))
    }
}
