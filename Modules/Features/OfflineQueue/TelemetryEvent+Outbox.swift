import TelemetryInterface

/// The store `persistent-like-queue` writes (team `likes`): its failed writes are `store_write` events of the outbox.
extension TelemetryEvent.Store {
    /// The like outbox (`OfflineLikeQueue`'s SQLite file).
    static let outbox = Self("outbox")
}
