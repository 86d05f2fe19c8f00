/// An owning team from the config's `"teams"`: its key, its GitHub handle and what it owns.
struct Team: Equatable, Sendable {
    /// The key owners name it by (`feed`).
    let name: String
    /// The GitHub team or user CODEOWNERS names (`@feed-workspace/feed`).
    let handle: String
    /// One line on what the team owns, for people.
    let about: String?
    /// The config line the team starts on.
    let configLine: Int
}
