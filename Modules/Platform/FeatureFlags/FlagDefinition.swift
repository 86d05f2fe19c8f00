/// A declared feature flag: what it gates, who owns it, and its default.
public struct FlagDefinition: Hashable, Sendable {
    /// The flag's key.
    public let key: FlagKey
    /// One line saying what the flag switches on.
    public let description: String
    /// The module that owns the gated feature, e.g. `Store`.
    public let owner: String
    /// Release flag or kill switch.
    public let kind: FlagKind
    /// The value when no source sets it.
    public let defaultValue: Bool
    /// Whether the gated feature exists yet; a flag that is not built can never be on.
    public let isBuilt: Bool

    /// Declares a flag.
    public init(
        key: FlagKey, description: String, owner: String, kind: FlagKind = .release,
        defaultValue: Bool = false, isBuilt: Bool
    ) {
        self.key = key
        self.description = description
        self.owner = owner
        self.kind = kind
        self.defaultValue = defaultValue
        self.isBuilt = isBuilt
    }
}
