import FeedInterface
import FeedTesting
import Foundation
import LikesTesting
import PluginInterface
import StoreTesting
import TerminalUI
import Testing
@testable import Feed

/// Review-33: the post pipeline's edge cases (saved feed all filtered, a filter told while a page
/// is taken in, a filter that changes between the page's filtering and its intake, two removals
/// between frames).
@MainActor
@Suite struct FeedPostPipelineReviewTests {
    nonisolated private static let savedAt = Date(timeIntervalSince1970: 1_000_000)

    /// A pipeline that mutes `author` from a task it schedules while it filters `trigger`: the
    /// task runs after the page was filtered and before the page request takes it in.
    final class MutesWhileFiltering: PostPipeline {
        var muted: Set<String> = []
        var trigger: PostID?
        var author = ""
        private(set) var revision = 0
        private var observers: [@MainActor () -> Void] = []
        func add(_ filter: any PostFilter) {}
        func keeps(_ post: Post) -> Bool {
            if post.id == trigger {
                trigger = nil
                Task { @MainActor in self.mute(self.author) }
            }
            return !muted.contains(post.author.id)
        }
        func filtersChanged() {
            revision += 1
            for onChange in observers { onChange() }
        }
        func observe(_ observer: AnyObject, _ onChange: @escaping @MainActor () -> Void) { observers.append(onChange) }
        func mute(_ author: String) {
            muted.insert(author)
            filtersChanged()
        }
    }

    /// A fresh saved feed whose every post the filters drop: the screen must not stay empty with nothing loading.
    @Test func aFreshSavedFeedAllFilteredOutStillLoads() async throws {
        let pipeline = FakePostPipeline()
        pipeline.muted = ["a1"]
        let saved = SavedRows(posts: [FeedFixtures.post(1), FeedFixtures.post(8)], next: Cursor("c1"), savedAt: Self.savedAt, isFresh: true)
        let model = FeedViewModel(
            feed: FakeFeedRepository(pages: FeedFixtures.pages(count: 2)), posts: FakePostStore(likePost: FakeLikePostUseCase()),
            memory: FakeFeedMemory(launch: .rows(saved)), pipeline: pipeline,
            now: { Self.savedAt.addingTimeInterval(10) })
        let load = model.onAppear()
        await load?.value
        _ = await model.waitUntilIdle(timeout: .seconds(30))
        #expect(load != nil || model.list.isLoading, "nothing loads: the saved rows were all filtered out and the feed is fresh")
        #expect(!model.viewState.rows.isEmpty, "an empty loaded feed with no load in flight: \(model.viewState.pagination)")
    }

    /// A filter told of a change while a page is taken in (here from `onWaitedAtEnd`, as any hook
    /// called during intake could): the new page's rows must stay indexed.
    @Test func aChangeToldWhileAPageIsTakenInKeepsTheNewRowsIndexed() async throws {
        let pipeline = FakePostPipeline()
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 3))
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()), pipeline: pipeline)
        await model.onAppear()?.value
        model.onWaitedAtEnd = { _ in pipeline.mute("a1") }
        let last = try #require(model.viewState.rows.last?.id)
        await model.rowAppeared(last)?.value
        let rows = model.viewState.rows
        #expect(!rows.contains { $0.authorID == "a1" })
        for (position, row) in rows.enumerated() {
            #expect(model.index(of: row.id) == position, "\(row.id) at \(position) is indexed at \(String(describing: model.index(of: row.id)))")
        }
        // The reader reaching the new last row must load the third page.
        let newLast = try #require(rows.last?.id)
        #expect(model.rowAppeared(newLast) != nil, "paging stalls: the new rows are not in the index")
    }

    /// A filter that changes its mind after the page was filtered and before it is taken in: the page's muted posts must go.
    @Test func aChangeBetweenFilteringAndIntakeIsApplied() async throws {
        let pipeline = MutesWhileFiltering()
        pipeline.trigger = "p20"
        pipeline.author = "a2"
        let model = FeedViewModel(feed: FakeFeedRepository(pages: FeedFixtures.pages(count: 1)), posts: FakePostStore(likePost: FakeLikePostUseCase()), pipeline: pipeline)
        await model.onAppear()?.value
        #expect(pipeline.muted == ["a2"])
        #expect(!model.viewState.rows.contains { $0.authorID == "a2" }, "a2's posts show though a2 was muted: \(model.viewState.rows.filter { $0.authorID == "a2" }.map(\.id))")
    }
}
