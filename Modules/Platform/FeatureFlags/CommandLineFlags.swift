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

    /// Takes every `--enable K`, `--enable=K`, `--disable K` and `--disable=K` out of `args`
    /// (stopping at `--`) and leaves the rest, in order, for the host's own parser.
    /// When a key is given twice, the last one wins. `args` is left untouched when this throws.
    ///
    /// Throws when a key is missing or not declared in `registry`, or when `--enable` names a
    /// flag that is not built yet.
    public static func parse(_ args: inout [String], registry: FlagRegistry) throws(FlagUsageError) -> CommandLineFlags {
        var flags = CommandLineFlags()
        var rest: [String] = []
        var index = args.startIndex
        while index < args.endIndex {
            let argument = args[index]
            index += 1
            if argument == "--" {
                rest.append(contentsOf: args[(index - 1)...])
                break
            }
            guard let (option, isOn, inlineKey) = Self.option(argument) else {
                rest.append(argument)
                continue
            }
            var key = inlineKey ?? ""
            if inlineKey == nil, index < args.endIndex, !args[index].hasPrefix("-") {
                key = args[index]
                index += 1
            }
            guard !key.isEmpty else {
                throw FlagUsageError(message: "\(option) needs a flag key; \(registry.knownKeysPhrase)")
            }
            try flags.set(FlagKey(key), on: isOn, registry: registry)
        }
        args = rest
        return flags
    }

    /// `(option, on, inline key)` when `argument` is one of ours.
    private static func option(_ argument: String) -> (String, Bool, String?)? {
        for (option, isOn) in [("--enable", true), ("--disable", false)] {
            if argument == option { return (option, isOn, nil) }
            if argument.hasPrefix(option + "=") {
                return (option, isOn, String(argument.dropFirst(option.count + 1)))
            }
        }
        return nil
    }

    private mutating func set(_ key: FlagKey, on isOn: Bool, registry: FlagRegistry) throws(FlagUsageError) {
        guard let definition = registry.definition(key) else {
            throw FlagUsageError(message: "unknown flag '\(key)'; \(registry.knownKeysPhrase)")
        }
        if isOn {
            guard definition.isBuilt else {
                throw FlagUsageError(message: "flag '\(key)' is not built yet; it cannot be enabled")
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
