import Arguments

/// The flags set on the command line with `--enable K` and `--disable K`; the highest-precedence source.
public struct CommandLineFlags: Hashable, Sendable {
    /// Keys switched on.
    public private(set) var enabled: Set<FlagKey>
    /// Keys switched off.
    public private(set) var disabled: Set<FlagKey>

    /// Creates the flags directly (no validation); a key in both sets counts as disabled.
    public init(enabled: Set<FlagKey> = [], disabled: Set<FlagKey> = []) {
        self.enabled = enabled.subtracting(disabled)
        self.disabled = disabled
    }

    /// Takes `--enable K` / `--disable K` (or `=K`) when `option`, just read by `scanner`, is one
    /// of them, and returns whether it was; other options are left to the caller. When a key is
    /// given twice, the last one wins.
    ///
    /// Throws when the key is missing or not declared in `registry`, or when `--enable` names a
    /// flag that is not built yet.
    public mutating func accept(_ option: String, from scanner: inout ArgumentScanner, registry: FlagRegistry) throws(ArgumentError) -> Bool {
        let isOn: Bool
        switch option {
        case "--enable": isOn = true
        case "--disable": isOn = false
        default: return false
        }
        let key = try scanner.value(expected: "a flag key; \(registry.knownKeysPhrase)")
        guard !key.isEmpty else {
            throw ArgumentError("\(option) needs a flag key; \(registry.knownKeysPhrase)")
        }
        try set(FlagKey(key), on: isOn, registry: registry)
        return true
    }

    private mutating func set(_ key: FlagKey, on isOn: Bool, registry: FlagRegistry) throws(ArgumentError) {
        guard let definition = registry.definition(key) else {
            throw ArgumentError("unknown flag '\(key)'; \(registry.knownKeysPhrase)")
        }
        if isOn {
            guard definition.isBuilt else {
                throw ArgumentError("flag '\(key)' is not built yet; it cannot be enabled")
            }
            enabled.insert(key)
            disabled.remove(key)
        } else {
            disabled.insert(key)
            enabled.remove(key)
        }
    }

    /// The value the command line sets for `key`, if any.
    func value(for key: FlagKey) -> Bool? {
        if enabled.contains(key) { return true }
        if disabled.contains(key) { return false }
        return nil
    }
}
