import TelemetryInterface
import Testing

@testable import Host

/// The events the host's decorators declare for the teams they track (the like use case's, the
/// feed's end of rows, the saved pages' store): the same names and properties as when the
/// platform's closed registry named them, so the queue's rows and the exports stay the same.
@Suite struct HostTelemetryEventsTests {
    @Test func likeEndOfRowsAndTheSavedPagesWriteKeepTheirShape() {
        let like = TelemetryEvent.like(outcome: "failed")
        #expect(like.name == "like" && like.properties == ["outcome": .text("failed")] && like.isFailure)
        #expect(!TelemetryEvent.like(outcome: "saved").isFailure)

        let end = TelemetryEvent.endOfRows(waitMilliseconds: 300)
        #expect(end.name == "end_of_rows" && end.properties == ["wait_ms": .number(300)] && !end.isFailure)

        let write = TelemetryEvent.storeWrite(store: .cache, ok: true)
        #expect(write.name == "store_write" && write.properties == ["store": .text("cache"), "outcome": .text("ok")])

        for event in [like, end, write] {
            #expect(event.isValid && event.priority == .normal && event.isSampled, "\(event.name)")
        }
    }
}
