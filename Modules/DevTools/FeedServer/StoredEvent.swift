/// One analytics event as the server stored it, its time corrected for the device's clock skew.
public struct StoredEvent: Sendable, Equatable {
    /// The event's id (unique among the stored events).
    public let id: String
    /// The event's name, e.g. `page_load`.
    public let name: String
    /// The owning team the client named.
    public let owner: String
    /// The install's sequence number and the session of the run that tracked it.
    public let sequence: Int
    public let session: String
    /// The device's time, as sent (seconds since 1970).
    public let deviceTime: Double
    /// The device's time corrected by the skew of its batch: `deviceTime + (received - sentAt)`.
    public let correctedTime: Double
    /// Whether it is a failure: named `error` or `crash`, or with the `outcome` property `failed`.
    public let isFailure: Bool
}
