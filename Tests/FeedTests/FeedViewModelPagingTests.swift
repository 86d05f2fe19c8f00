import FeedInterface
import FeedTesting
import LikesInterface
import LikesTesting
import Paging
import StoreTesting
import Testing
import TestingSupport
@testable import Feed

@MainActor
@Suite struct FeedViewModelPagingTests {
    @Test func firstPageShowsRowsWithFormattedText() async {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 3))
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        #expect(model.viewState.initialLoad == .loading)
        await model.onAppear()?.value
        #expect(model.viewState.initialLoad == .loaded)
        #expect(model.viewState.pagination == .idle)
        #expect(model.viewState.rows.count == 20)
        #expect(model.viewState.rows[0].id == "p1")
        #expect(model.viewState.rows[0].likes == "10 likes")
        #expect(model.viewState.rows[0].aspectRatio == 0.8)
        #expect(await feed.requests == [nil])
    }

    @Test func onAppearTwiceLoadsOnce() async {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 1))
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let first = model.onAppear()
        let second = model.onAppear()
        await first?.value
        await second?.value
        #expect(await feed.requests.count == 1)
    }

    @Test func rowFiveFromTheEndLoadsTheNextPageOnceHoweverOftenRowsAppear() async throws {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 3))
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        #expect(model.rowAppeared("p15") == nil, "index 14 of 20 is 6 from the end")
        let gate = await feed.hold(call: 2)
        let load = try #require(model.rowAppeared("p16"))
        #expect(model.viewState.pagination == .loading, "marked loading before any await")
        for id in ["p16", "p17", "p19", "p20", "p20"] { #expect(model.rowAppeared(PostID(id)) == nil) }
        await gate.open()
        await load.value
        #expect(model.viewState.rows.count == 40)
        #expect(await feed.requests == [nil, Cursor("c1")])
    }

    @Test func aReaderWhoReachesTheLastRowWhileThePageLoadsIsToldHowLongTheyWaited() async throws {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 3))
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        var waits: [Duration] = []
        model.onWaitedAtEnd = { waits.append($0) }
        await model.onAppear()?.value
        let gate = await feed.hold(call: 2)
        let load = try #require(model.rowAppeared("p16"))
        #expect(model.rowAppeared("p19") == nil)
        await gate.open()
        await load.value
        #expect(waits.isEmpty, "the page came before the reader reached the last row: no wait")
        let slow = await feed.hold(call: 3)
        let next = try #require(model.rowAppeared("p36"))
        #expect(model.rowAppeared("p40") == nil)
        await slow.open()
        await next.value
        #expect(waits.count == 1, "the reader sat at p40 until the page came")
        #expect(waits.allSatisfy { $0 >= .zero })
    }

    @Test func thePostsOnScreenStartAtTheReadersTopPost() async {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 3))
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        #expect(model.postsOnScreen.first == "p1" && model.postsOnScreen.count == 20, "at the top: the first rows, all 20 loaded")
        model.readerMoved(to: FeedPlace(post: "p15", lineOffset: 2))
        #expect(model.postsOnScreen == (15...20).map { PostID("p\($0)") })
        // A tall screen of short rows drew more than the window: every row it drew counts first.
        model.screenDrew((1...20).map { PostID("p\($0)") })
        #expect(model.postsOnScreen == (1...20).map { PostID("p\($0)") })
    }

    @Test func lastPageEndsPaginationAndStopsRequests() async {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 2))
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        await model.rowAppeared("p20")?.value
        #expect(model.viewState.pagination == .end)
        #expect(model.rowAppeared("p40") == nil)
        #expect(await feed.requests.count == 2)
    }

    @Test func repeatedIDsAreDroppedAcrossAndWithinPages() async {
        let first = FeedPage(posts: (1...20).map { FeedFixtures.post($0) }, next: Cursor("c1"))
        // A re-ranking server repeats 3 IDs of the previous page and one of its own.
        let secondPosts = [18, 19, 20, 21, 22, 21].map { FeedFixtures.post($0) }
        let feed = FakeFeedRepository(pages: [first, FeedPage(posts: secondPosts, next: nil)])
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        await model.rowAppeared("p20")?.value
        let ids = model.viewState.rows.map(\.id)
        #expect(ids.count == 22)
        #expect(Set(ids).count == ids.count)
        #expect(ids.suffix(2) == ["p21", "p22"])
    }

    @Test func aPageOfOnlyRepeatsFetchesTheNextOne() async {
        let first = FeedPage(posts: (1...20).map { FeedFixtures.post($0) }, next: Cursor("c1"))
        let repeats = FeedPage(posts: (16...20).map { FeedFixtures.post($0) }, next: Cursor("c2"))
        let fresh = FeedPage(posts: (21...40).map { FeedFixtures.post($0) }, next: nil)
        let feed = FakeFeedRepository(pages: [first, repeats, fresh])
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        model.rowAppeared("p20")
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(model.viewState.rows.count == 40)
        #expect(model.viewState.pagination == .end)
    }

    @Test func pagesOfOnlyRepeatsStopAfterAFewAndNeverRepeatACursor() async {
        let first = FeedPage(posts: (1...20).map { FeedFixtures.post($0) }, next: Cursor("c1"))
        // A broken server: every later page repeats shown posts and hands back the same cursor.
        let stuck = FeedPage(posts: (16...20).map { FeedFixtures.post($0) }, next: Cursor("c1"))
        let feed = FakeFeedRepository { cursor, _ in cursor == nil ? first : stuck }
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        model.rowAppeared("p20")
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(await feed.requests == [nil, Cursor("c1")])

        let looping = FakeFeedRepository { cursor, call in
            cursor == nil ? first : FeedPage(posts: stuck.posts, next: Cursor("c\(call)"))
        }
        let second = FeedViewModel(feed: looping, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await second.onAppear()?.value
        second.rowAppeared("p20")
        #expect(await second.waitUntilIdle(timeout: .seconds(10)))
        #expect(await looping.requests.count == 1 + 1 + PagingSession<PostID, Cursor>().maxEmptyPagesInARow)
    }

    @Test func failedNextPageKeepsRowsAndRetryLoadsIt() async throws {
        let pages = FeedFixtures.pages(count: 2)
        let feed = FakeFeedRepository { cursor, call in
            if call == 2 { throw FakeError(message: "server answered 503") }
            return cursor == nil ? pages[0] : pages[1]
        }
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        await model.rowAppeared("p20")?.value
        #expect(model.viewState.rows.count == 20)
        #expect(model.viewState.pagination == .failed(.server(reason: "server answered 503")))
        #expect(model.viewState.message?.text == "Couldn't load more: server answered 503")
        #expect(model.rowAppeared("p20") == nil, "a failed page waits for retry")
        await model.retry()?.value
        #expect(model.viewState.rows.count == 40)
        #expect(model.viewState.pagination == .end)
        #expect(model.viewState.message == nil)
    }

    @Test func failedFirstPageSaysWhyAndRetryLoadsIt() async {
        let pages = FeedFixtures.pages(count: 1)
        let feed = FakeFeedRepository { _, call in
            if call == 1 { throw FakeError(message: "cannot reach 127.0.0.1:9") }
            return pages[0]
        }
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        #expect(model.viewState.initialLoad == .failed(.server(reason: "cannot reach 127.0.0.1:9")))
        #expect(model.viewState.message?.text == "Couldn't load the feed: cannot reach 127.0.0.1:9")
        #expect(model.viewState.rows.isEmpty)
        await model.retry()?.value
        #expect(model.viewState.initialLoad == .loaded)
        #expect(model.viewState.rows.count == 20)
    }

    @Test func pageInFlightBeforeARefreshNeverAppendsAfterIt() async throws {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 3))
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        let held = await feed.hold(call: 2)
        let stale = try #require(model.rowAppeared("p20"))
        await feed.waitForRequests(2)
        let refresh = model.refresh()
        await refresh.value
        await held.open()
        await stale.value
        #expect(model.viewState.rows.map(\.id) == (1...20).map { PostID("p\($0)") })
        #expect(model.viewState.pagination == .idle)
        #expect(model.isIdle)
    }

    @Test func refreshReplacesRowsAndResetsPaging() async {
        let first = FeedPage(posts: (1...20).map { FeedFixtures.post($0) }, next: Cursor("c1"))
        let fresh = FeedPage(posts: (101...120).map { FeedFixtures.post($0) }, next: Cursor("c1"))
        let feed = FakeFeedRepository { cursor, call in
            call == 1 ? first : (cursor == nil ? fresh : FeedPage(posts: [], next: nil))
        }
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        let refresh = model.refresh()
        #expect(model.viewState.isRefreshing)
        #expect(model.viewState.rows.count == 20, "rows stay while refreshing")
        await refresh.value
        #expect(model.viewState.rows.first?.id == "p101")
        #expect(model.viewState.rows.count == 20)
        #expect(!model.viewState.isRefreshing)
    }

    @Test func failedRefreshKeepsRowsAndSaysSo() async {
        let pages = FeedFixtures.pages(count: 2)
        let feed = FakeFeedRepository { _, call in
            if call == 2 { throw FakeError(message: "the server did not answer within 10 s") }
            return pages[0]
        }
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        await model.refresh().value
        #expect(model.viewState.rows.count == 20)
        #expect(model.viewState.initialLoad == .loaded)
        #expect(!model.viewState.isRefreshing)
        #expect(model.viewState.message?.text == "Couldn't refresh: the server did not answer within 10 s. Showing the posts you had.")
    }

    @Test func waitUntilIdleReportsATimeoutWhileAPageIsHeld() async {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 1))
        let gate = await feed.hold(call: 1)
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        model.onAppear()
        #expect(await model.waitUntilIdle(timeout: .milliseconds(50)) == false)
        await gate.open()
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(model.viewState.rows.count == 20)
    }
}
