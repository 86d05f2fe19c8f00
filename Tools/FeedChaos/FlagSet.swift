/// One combination of the build's flags a session runs with: each toggled flag on or off.
struct FlagSet: Hashable, Sendable, CustomStringConvertible {
    /// The flags the run toggles, in the build's order.
    let keys: [String]
    /// `values[i]`: whether `keys[i]` is on.
    let values: [Bool]

    init(keys: [String], values: [Bool]) {
        precondition(keys.count == values.count, "one value per key")
        self.keys = keys
        self.values = values
    }

    /// The combination of `keys` with exactly `on` switched on.
    init(keys: [String], on: Set<String>) {
        self.init(keys: keys, values: keys.map(on.contains))
    }

    /// Whether `key` is on; false for a key the build does not declare.
    func isOn(_ key: String) -> Bool {
        keys.firstIndex(of: key).map { values[$0] } ?? false
    }

    /// The keys that are on.
    var enabled: [String] { keys.indices.filter { values[$0] }.map { keys[$0] } }

    /// `--enable` for each flag on and `--disable` for each off, so no other source decides.
    var arguments: [String] {
        keys.indices.flatMap { [values[$0] ? "--enable" : "--disable", keys[$0]] }
    }

    var description: String { enabled.isEmpty ? "no follow-up" : enabled.joined(separator: "+") }
}
