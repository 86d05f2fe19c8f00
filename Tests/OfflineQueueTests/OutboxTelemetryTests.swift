import TelemetryInterface
import Testing

@testable import OfflineQueue

/// The like queue's store, declared in the feature: a failed outbox write is the same
/// `store_write` event as when the platform's closed registry named the outbox.
@Suite struct OutboxTelemetryTests {
    @Test func aFailedOutboxWriteIsAStoreWriteOfTheOutbox() {
        let event = TelemetryEvent.storeWrite(store: .outbox, ok: false)
        #expect(event.name == "store_write")
        #expect(event.properties == ["store": .text("outbox"), "outcome": .text("failed")])
        #expect(event.priority == .normal && event.isFailure && event.isValid)
    }
}
