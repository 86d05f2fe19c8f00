import FeedInterface
import FeedTesting
import Foundation
import PluginInterface
import OfflinePages
import OfflinePagesInterface
import StoreTesting
import Testing

/// What the saved feed opens with (`SavedFeedMemory.launch`): the posts the screen's filters keep,
/// judged by age; posts the filters all drop are no saved feed, however old.
@MainActor
@Suite struct SavedFeedLaunchTests {
    nonisolated private static let savedAt = Date(timeIntervalSince1970: 3_000_000)
    private let rules = FeedFreshness(freshFor: 30, restoreFor: 3_600, hideAfter: 86_400)

    private func memory(age: TimeInterval, anchorAge: TimeInterval? = nil) -> SavedFeedMemory {
        let anchor = anchorAge.map { FeedAnchor(post: "p2", lineOffset: 1, savedAt: Self.savedAt.addingTimeInterval(-$0)) }
        let saved = CachedFeed(posts: (1...3).map { FeedFixtures.post($0) }, next: Cursor("c1"), savedAt: Self.savedAt, anchor: anchor)
        return SavedFeedMemory(cache: FakeFeedCache(saved: saved), saved: saved, freshness: rules, now: { Self.savedAt.addingTimeInterval(age) })
    }

    @Test func theRowsTheFiltersKeepWithThePlaceAndTheirAge() {
        #expect(memory(age: 10, anchorAge: 0).launch { $0.id != "p3" } == .rows(
            SavedRows(posts: [FeedFixtures.post(1), FeedFixtures.post(2)], next: Cursor("c1"), savedAt: Self.savedAt,
                      place: FeedPlace(post: "p2", lineOffset: 1), placeExpired: false, isFresh: true)))
        guard case .rows(let stale) = memory(age: 600, anchorAge: 7_200).launch(keeping: { _ in true }) else {
            Issue.record("saved rows within hideAfter show")
            return
        }
        #expect(!stale.isFresh && stale.placeExpired && stale.posts.count == 3)
    }

    @Test func tooOldIsSaidOnlyOfRowsTheFiltersWouldShow() {
        let old = memory(age: 2 * 86_400)
        #expect(old.launch { _ in true } == .tooOld(savedAt: Self.savedAt))
        #expect(old.launch { _ in false } == .nothing, "every saved post filtered out: no saved feed, so no 'too old' message")
        #expect(memory(age: 10).launch { _ in false } == .nothing)
        #expect(SavedFeedMemory(cache: FakeFeedCache(), saved: nil).launch { _ in true } == .nothing)
    }
}
