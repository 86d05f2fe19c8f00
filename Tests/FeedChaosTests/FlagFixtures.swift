@testable import FeedChaos

/// Flag sets for the tests: the checks know some follow-ups by key (their capabilities); the
/// rest of a build's keys are made up here, as a new follow-up's would be.
extension FlagSet {
    /// A build of the follow-ups the checks know, and one they do not.
    static let fixtureKeys = ["new-posts-pill", "offline-pages", "persistent-like-queue", "shared-post-store", "zeta-follow-up"]

    /// Every flag of the fixture build on.
    static let allOn = FlagSet(keys: fixtureKeys, on: Set(fixtureKeys))
    /// Every flag of the fixture build off.
    static let allOff = FlagSet(keys: fixtureKeys, on: [])

    /// The fixture build with `on` switched on.
    static func with(_ on: Set<String>) -> FlagSet { FlagSet(keys: fixtureKeys, on: on) }
}
