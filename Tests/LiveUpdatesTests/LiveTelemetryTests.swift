import TelemetryInterface
import Testing

@testable import LiveUpdates

/// live-updates' own event, declared in the feature: the same name and properties as when the
/// platform's closed registry named it, so the queue's rows and the exports stay the same.
@Suite struct LiveTelemetryTests {
    @Test func aReconnectIsStreamReconnectWithItsAttemptAndWait() {
        let event = TelemetryEvent.streamReconnect(attempt: 2, waitMilliseconds: 1_250.5)
        #expect(event.name == "stream_reconnect")
        #expect(event.properties == ["attempt": .number(2), "wait_ms": .number(1_250.5)])
        #expect(event.priority == .normal && event.isSampled && !event.isFailure)
        #expect(event.isValid, "a name the recorder takes")
    }
}
