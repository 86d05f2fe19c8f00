import Foundation
import Testing
import TelemetryInterface
import TelemetryTesting

@Suite struct TelemetryEventTests {
    static let all: [TelemetryEvent] = [
        .firstPage(source: .network, milliseconds: 12), .firstContent(milliseconds: 20), .pageLoad(ok: false, page: 1, milliseconds: 5),
        .like(outcome: "failed"), .storeWrite(store: .outbox, ok: false), .imageCache(memoryHits: 3, diskHits: 2, networkLoads: 1, decodes: 3, decodeMilliseconds: 2),
        .frame(milliseconds: 17), .coldStart(requests: 3, bytes: 1_000, milliseconds: 40), .endOfRows(waitMilliseconds: 300),
        .streamReconnect(attempt: 2, waitMilliseconds: 1_000), .error(code: "x", message: "y"), .crash(signal: 11),
    ]

    @Test func everyEventHasAUniqueRegistryName() {
        #expect(Set(Self.all.map(\.name)).count == Self.all.count)
        #expect(Self.all.allSatisfy { !$0.properties.isEmpty })
    }

    @Test func errorsAndCrashesAreNeverSampledAndKeptLongest() {
        for event in Self.all {
            let essential = event.name == "error" || event.name == "crash"
            #expect(event.isSampled == !essential, "\(event.name)")
            #expect((event.priority == .essential) == essential)
        }
        #expect(TelemetryEvent.frame(milliseconds: 1).priority < TelemetryEvent.firstContent(milliseconds: 1).priority)
    }

    @Test func framesOverSixteenMillisecondsAreHitches() {
        #expect(TelemetryEvent.frame(milliseconds: 16.5).properties["hitch"] == .number(1))
        #expect(TelemetryEvent.frame(milliseconds: 16).properties["hitch"] == .number(0))
    }

    @Test func failuresAreFailedOutcomesErrorsAndCrashes() {
        #expect(Self.all.filter(\.isFailure).map(\.name) == ["page_load", "like", "store_write", "error", "crash"])
        #expect(!TelemetryEvent.pageLoad(ok: true, page: 0, milliseconds: 1).isFailure)
    }

    @Test func aTrackerRecordsWithItsOwnerAndNoneRecordsNothing() {
        let recorder = RecordingTelemetry()
        let feed = recorder.tracker(owner: "feed")
        feed.track(.firstContent(milliseconds: 1))
        feed.forOwner("likes").track(.like(outcome: "saved"))
        TelemetryTracker.none.track(.crash(signal: 6))
        #expect(recorder.events.map(\.owner) == ["feed", "likes"])
        #expect(recorder.names == ["first_content", "like"])
    }

    @Test func consentLevels() {
        #expect(TelemetryConsent.local.records && !TelemetryConsent.local.sends)
        #expect(TelemetryConsent.on.records && TelemetryConsent.on.sends)
        #expect(!TelemetryConsent.off.records && !TelemetryConsent.off.sends)
    }

    @Test func valuesEncodeAsPlainJSON() throws {
        let data = try JSONEncoder().encode(["a": TelemetryValue.number(2), "b": .text("x")])
        let back = try JSONDecoder().decode([String: TelemetryValue].self, from: data)
        #expect(back == ["a": .number(2), "b": .text("x")])
    }
}
