import FeedInterface
import FeedTesting
import StoreTesting
import TelemetryInterface
import TelemetryTesting
import Testing

@testable import Store

/// `offline-pages` tracks its own writes as team `storage`'s `store_write` events of the cache: the
/// same name and properties as when the host's decorator tracked them.
@MainActor
@Suite struct SavedPagesTelemetryTests {
    @Test func eachWriteOfTheSavedFeedIsTrackedWithItsOutcome() async {
        let recorder = RecordingTelemetry()
        let cache = FakeFeedCache()
        let memory = SavedFeedMemory(cache: TrackedFeedCache(base: cache, telemetry: recorder.tracker(owner: "storage")), saved: nil)
        memory.replaced(with: Task { FeedPage(posts: [FeedFixtures.post(1)], next: nil) })
        await memory.save(place: FeedPlace(post: "p1", lineOffset: 2)).value
        #expect(await cache.operations == ["replace", "anchor p1:2"])
        let writes = recorder.events.filter { $0.event.name == "store_write" }
        #expect(writes.count == 2)
        #expect(writes.allSatisfy { $0.owner == "storage" && $0.event.properties == ["store": .text("cache"), "outcome": .text("ok")] })
        #expect(writes.allSatisfy { $0.event.isValid && $0.event.priority == .normal && $0.event.isSampled })
    }
}
