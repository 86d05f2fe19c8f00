import FeedInterface
import FeedTesting
import Foundation
import LikesTesting
import Paging
import PluginInterface
import StoreTesting
import TerminalUIInterface
import Testing
@testable import Feed

/// Every post source passes the post pipeline: pages, the saved feed; a filter that changes its
/// mind removes rows above and below the reader, and the reader stays where it was.
@MainActor
@Suite struct FeedPostPipelineTests {
    let size = TerminalSize(columns: 80, rows: 24)
    nonisolated private static let savedAt = Date(timeIntervalSince1970: 1_000_000)

    /// Posts p1… are by authors a1…a6, a0 (`p<n>` by `a<n % 7>`).
    private func model(pages: Int = 2, saved: SavedRows? = nil, pipeline: FakePostPipeline) -> FeedViewModel {
        FeedViewModel(
            feed: FakeFeedRepository(pages: FeedFixtures.pages(count: pages)), posts: FakePostStore(likePost: FakeLikePostUseCase()),
            memory: saved.map { FakeFeedMemory(launch: .rows($0)) }, pipeline: pipeline,
            now: { Self.savedAt.addingTimeInterval(10) })
    }

    @Test func pagesAndTheSavedFeedShowOnlyWhatTheFiltersKeep() async throws {
        let pipeline = FakePostPipeline()
        pipeline.muted = ["a3"]
        let model = model(pipeline: pipeline)
        await model.onAppear()?.value
        #expect(model.viewState.rows.count == 17, "p3, p10 and p17 of the first 20 are a3's")
        #expect(!model.viewState.rows.contains { $0.authorID == "a3" })
        await model.rowAppeared(try #require(model.viewState.rows.last?.id))?.value
        #expect(model.viewState.rows.count == 17 + 17, "the next page passes the pipeline too")
        #expect(!model.viewState.rows.contains { $0.authorID == "a3" })

        let saved = SavedRows(posts: (1...14).map { FeedFixtures.post($0) }, next: Cursor("c1"), savedAt: Self.savedAt)
        let offline = self.model(saved: saved, pipeline: pipeline)
        offline.onAppear()
        #expect(offline.viewState.rows.map(\.id.rawValue) == ["p1", "p2", "p4", "p5", "p6", "p7", "p8", "p9", "p11", "p12", "p13", "p14"], "saved rows at launch")
    }

    @Test func aChangeOfMindRemovesRowsAboveAndBelowTheReaderWhoStaysOnTheirRow() async throws {
        let pipeline = FakePostPipeline()
        let model = model(pages: 1, pipeline: pipeline)
        await model.onAppear()?.value
        model.readerMoved(to: FeedPlace(post: "p9", lineOffset: 1))
        pipeline.mute("a1")
        #expect(model.viewState.rows.map(\.id.rawValue).filter { ["p1", "p8", "p15"].contains($0) }.isEmpty, "above (p1, p8) and below (p15)")
        #expect(model.viewState.rows.count == 17)
        #expect(model.readerPlace == FeedPlace(post: "p9", lineOffset: 1), "the reader's row was kept: it is where it was")
        #expect(model.index(of: "p9") == 6, "indexed again: p2…p7, then p9")
        #expect(model.viewState.anchor == "p9")

        pipeline.mute("a2")
        #expect(model.readerPlace == FeedPlace(post: "p10", lineOffset: 0), "the reader's row went: it reads on from the next row kept")
        pipeline.mute("a3")
        #expect(model.readerPlace == FeedPlace(post: "p11", lineOffset: 0))
        #expect(RowPlaces.after(removing: ["b", "c"], from: ["a", "b", "c", "d"]) == ["b": "d", "c": "d"])
        #expect(RowPlaces.after(removing: ["c", "d"], from: ["a", "b", "c", "d"]) == ["c": "b", "d": "b"], "at the end: the row before")
        #expect(RowPlaces.after(removing: ["a"], from: ["a"]).isEmpty, "every row gone: no place")
    }

    @Test func aPageOnItsWayWhenAFilterChangesPassesTheFilterAsItIsWhenItArrives() async throws {
        let pipeline = FakePostPipeline()
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 2))
        let gate = await feed.hold(call: 1)
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()), pipeline: pipeline)
        let load = try #require(model.onAppear())
        await feed.waitForRequests(1)
        pipeline.mute("a5")
        await gate.open()
        await load.value
        #expect(model.viewState.rows.count == 17, "p5, p12 and p19 never show")
        // A change the screens were not told of (a page was being taken in) applies once the next page answers.
        pipeline.muted.insert("a6")
        pipeline.changeQuietly()
        await model.rowAppeared(try #require(model.viewState.rows.last?.id))?.value
        #expect(!model.viewState.rows.contains { ["a5", "a6"].contains($0.authorID) })
        #expect(model.viewState.rows.count == 40 - 6 - 5, "a5: p5, p12 … p40; a6: p6, p13 … p34")
    }

    @Test func theScreenKeepsWhatTheReaderLooksAtWhenRowsGo() async throws {
        let pipeline = FakePostPipeline()
        let model = model(pages: 1, pipeline: pipeline)
        let screen = FeedScreen(model: model)
        await screen.start()?.value
        _ = screen.frame(size: size)
        for _ in 0..<4 { _ = screen.handle(.down) }
        _ = screen.frame(size: size)
        let (top, selected) = (try #require(screen.position.top), try #require(screen.position.selected))
        let firstLine = screen.frame(size: size).text(row: 1)
        // Rows above the top and below the selection go: nothing on screen above the selection moves.
        let above = try #require(model.viewState.rows.first?.authorID)
        pipeline.mute(above)
        _ = screen.frame(size: size)
        #expect(screen.position.top == top && screen.position.selected == selected)
        #expect(screen.frame(size: size).text(row: 1) == firstLine)
        // The selected row's author goes: the selection moves to the row that took its place.
        let selectedAuthor = try #require(model.viewState.rows.first { $0.id == selected }?.authorID)
        let next = try #require(model.viewState.rows.drop { $0.id != selected }.dropFirst().first { $0.authorID != selectedAuthor }?.id)
        pipeline.mute(selectedAuthor)
        _ = screen.frame(size: size)
        #expect(screen.position.selected == next)
    }

}
