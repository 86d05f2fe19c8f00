/// The follow-ups whose behaviour some checks and script steps depend on, known by key as optional
/// capabilities: a key the build does not declare is off, so its checks are simply inactive. Every
/// other key is only toggled.
extension FlagSet {
    /// Profiles can be opened and both screens read one store.
    var sharedPostStore: Bool { isOn("shared-post-store") }
    /// Pages are saved and shown first after a restart.
    var offlinePages: Bool { isOn("offline-pages") }
    /// Likes wait in an outbox that survives a kill.
    var likeQueue: Bool { isOn("persistent-like-queue") }
    /// One live stream of the feed API (so the session keeps to the feed API).
    var liveUpdates: Bool { isOn("live-updates") }
}
