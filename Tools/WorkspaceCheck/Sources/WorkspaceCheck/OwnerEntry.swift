/// One entry of the config's `"owners"` (a target and the key of its team) or `"ownedPaths"`
/// (a CODEOWNERS path and the keys of its teams).
struct OwnerEntry: Equatable, Sendable {
    /// The target name, or the CODEOWNERS path pattern (`/Package.swift`).
    let subject: String
    /// The team keys, in written order (one for a target).
    let teams: [String]
    /// The config line of the entry.
    let configLine: Int
}
