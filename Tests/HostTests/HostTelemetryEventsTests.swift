import TelemetryInterface
import Testing

@testable import Host

/// The events the host's decorators declare for the teams they track (the like use case's, the
/// feed's end of rows; the saved pages' store moved to offline-pages): the same names and properties as when the
/// platform's closed registry named them, so the queue's rows and the exports stay the same.
@Suite struct HostTelemetryEventsTests {
    @Test func likeAndEndOfRowsKeepTheirShape() {
        let like = TelemetryEvent.like(outcome: "failed")
        #expect(like.name == "like" && like.properties == ["outcome": .text("failed")] && like.isFailure)
        #expect(!TelemetryEvent.like(outcome: "saved").isFailure)

        let end = TelemetryEvent.endOfRows(waitMilliseconds: 300)
        #expect(end.name == "end_of_rows" && end.properties == ["wait_ms": .number(300)] && !end.isFailure)

        for event in [like, end] {
            #expect(event.isValid && event.priority == .normal && event.isSampled, "\(event.name)")
        }
    }
}
