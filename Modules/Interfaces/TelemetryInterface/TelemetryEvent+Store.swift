extension TelemetryEvent {
    /// A store on the device whose writes are tracked (`store_write`'s `store`). The module that
    /// owns the store declares it: `extension TelemetryEvent.Store { static let outbox = Self("outbox") }`.
    public struct Store: Sendable, Equatable {
        /// The store's name in the event, e.g. `outbox`.
        public let name: String

        /// A store named `name` (lowercase snake_case; a longer text is cut like any property).
        public init(_ name: String) {
            self.name = name
        }
    }
}
