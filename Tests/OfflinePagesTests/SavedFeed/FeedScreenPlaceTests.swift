import FeedInterface
import FeedTesting
import Foundation
import LikesTesting
import PluginInterface
import OfflinePages
import OfflinePagesInterface
import StoreTesting
import TerminalUIInterface
import Testing
@testable import Feed

/// The screen keeps the reader's place: a saved place is where it starts, it reports where the
/// reader is, a revalidation below the top moves nothing on screen, and "Feed updated · r" is offered.
@MainActor
@Suite struct FeedScreenPlaceTests {
    let size = TerminalSize(columns: 80, rows: 24)
    nonisolated private static let savedAt = Date(timeIntervalSince1970: 1_000_000)

    private func saved(anchor: FeedAnchor?) -> CachedFeed {
        CachedFeed(posts: (1...60).map { FeedFixtures.post($0) }, next: Cursor("c3"), savedAt: Self.savedAt, anchor: anchor)
    }

    private func model(_ feed: FakeFeedRepository, saved: CachedFeed, freshFor: TimeInterval) -> FeedViewModel {
        let now = Self.savedAt.addingTimeInterval(10)
        return FeedViewModel(
            feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()),
            memory: SavedFeedMemory(
                cache: FakeFeedCache(saved: saved), saved: saved, freshness: FeedFreshness(freshFor: freshFor, restoreFor: 3_600, hideAfter: 86_400),
                now: { now }),
            now: { now })
    }

    @Test func aSavedPlaceIsWhereTheScreenStartsAtTheSameLine() async throws {
        let anchor = FeedAnchor(post: "p31", lineOffset: 2, savedAt: Self.savedAt)
        let model = model(FakeFeedRepository(pages: FeedFixtures.pages(count: 1)), saved: saved(anchor: anchor), freshFor: 60)
        let screen = FeedScreen(model: model)
        #expect(screen.start() == nil, "fresh: no refresh")
        let frame = screen.frame(size: size)
        #expect(screen.position.top == "p31")
        #expect(screen.position.topOffset == 2)
        #expect(model.readerPlace == FeedPlace(post: "p31", lineOffset: 2), "the screen reports where the reader is")
        #expect(!(1..<size.rows).map(frame.text(row:)).joined().contains("Caption of post 30 "), "p30 is above the screen")
    }

    @Test func aRevalidationBelowTheTopMovesNothingOnScreenAndOffersTheNewFeed() async throws {
        let anchor = FeedAnchor(post: "p31", lineOffset: 0, savedAt: Self.savedAt)
        let newer = FeedPage(posts: [FeedFixtures.post(99)] + (1...19).map { FeedFixtures.post($0) }, next: Cursor("n"))
        let feed = FakeFeedRepository(pages: [newer, newer])
        let model = model(feed, saved: saved(anchor: anchor), freshFor: 0)
        let screen = FeedScreen(model: model)
        let load = try #require(screen.start())
        let before = screen.frame(size: size)
        await load.value
        let after = screen.frame(size: size)
        #expect((1..<size.rows - 1).map(after.text(row:)) == (1..<size.rows - 1).map(before.text(row:)), "the list area is unchanged")
        #expect(after.text(row: 0).contains("Feed updated · r"), "\(after.text(row: 0))")
        #expect(screen.handle(.character("r")) == .handled)
        _ = screen.frame(size: size)
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        _ = screen.frame(size: size)
        #expect(model.viewState.rows.first?.id == "p99")
        #expect(screen.position == .start || screen.position.top == "p99", "from the top")
        #expect(!screen.frame(size: size).text(row: 0).contains("Feed updated"))
    }
}
