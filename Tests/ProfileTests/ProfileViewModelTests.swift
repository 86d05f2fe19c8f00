import FeedInterface
import FeedTesting
import LikesInterface
import LikesTesting
import StoreTesting
import Testing
@testable import Profile

@MainActor
@Suite struct ProfileViewModelTests {
    private let author = Author(id: "a1", name: "Ana")

    private func model(_ repository: FakeFeedRepository, store: FakePostStore) -> ProfileViewModel {
        ProfileViewModel(author: author, repository: repository, posts: store)
    }

    @Test func pagesFollowTheFeedsRulesOneLoadAtATimeDedupeAndEnd() async throws {
        var pages = FeedFixtures.pages(count: 2, pageSize: 12)
        // The second page repeats two posts of the first.
        pages[1] = FeedPage(posts: Array(pages[0].posts.suffix(2)) + pages[1].posts, next: nil)
        let repository = FakeFeedRepository(pages: pages)
        let profile = model(repository, store: FakePostStore(likePost: FakeLikePostUseCase()))
        await profile.onAppear()?.value
        #expect(profile.viewState.rows.count == 12)
        #expect(profile.viewState.postCount == nil, "not known before the end")
        let load = try #require(profile.rowAppeared("p12"))
        #expect(profile.rowAppeared("p12") == nil, "one load at a time")
        #expect(profile.viewState.pagination == .loading)
        await load.value
        let ids = profile.viewState.rows.map(\.id)
        #expect(ids.count == 24)
        #expect(Set(ids).count == ids.count)
        #expect(profile.viewState.pagination == .end)
        #expect(profile.viewState.postCount == 24)
        #expect(await repository.requests.count == 2)
    }

    @Test func aFailedPageShowsARetryRowAndRetryLoadsIt() async throws {
        let pages = FeedFixtures.pages(count: 2, pageSize: 6)
        let repository = FakeFeedRepository { cursor, call in
            if call == 2 { throw FeedError.offline(reason: "cannot reach h:1") }
            return cursor == nil ? pages[0] : pages[1]
        }
        let profile = model(repository, store: FakePostStore(likePost: FakeLikePostUseCase()))
        await profile.onAppear()?.value
        await profile.rowAppeared("p6")?.value
        #expect(profile.viewState.pagination == .failed(.offline(reason: "cannot reach h:1")))
        #expect(profile.viewState.message?.text == "Couldn't load more: cannot reach h:1")
        await profile.retry()?.value
        #expect(profile.viewState.rows.count == 12)
        #expect(profile.viewState.message == nil)
    }

    @Test func aHeartChangedOnOneScreenChangesOnTheOtherAtOnce() async throws {
        let useCase = FakeLikePostUseCase()
        let store = FakePostStore(likePost: useCase)
        let page = FeedFixtures.pages(count: 1, pageSize: 6)
        let feed = model(FakeFeedRepository(pages: page), store: store)
        let profile = model(FakeFeedRepository(pages: page), store: store)
        await feed.onAppear()?.value
        await profile.onAppear()?.value
        let tap = try #require(profile.toggleLike("p3"))
        #expect(feed.viewState.rows[2].heart == .liked, "the other screen shows the wanted heart at once")
        #expect(feed.viewState.rows[2].likes == "11 likes")
        await useCase.waitForCalls(1)
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 40)))
        await tap.value
        #expect(feed.viewState.rows[2].likes == "40 likes")
        #expect(profile.viewState.rows[2].likes == "40 likes")
    }

    @Test func aPageOfOneScreenThatChangesAPostTheOtherShowsChangesItThereToo() async throws {
        // Found by feed-chaos: a profile's page said the server no longer held a like; the feed
        // kept showing it. The changed post comes in the profile's second page, at a row the
        // profile does not have yet while it takes the page in.
        let store = FakePostStore(likePost: FakeLikePostUseCase())
        let feed = model(FakeFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: 6)), store: store)
        await feed.onAppear()?.value
        let changed = FeedFixtures.post(3, like: .liked, likeCount: 99)
        let profilePages = [
            FeedPage(posts: (101...106).map { FeedFixtures.post($0) }, next: Cursor("c1")),
            FeedPage(posts: [FeedFixtures.post(107), changed], next: nil),
        ]
        let profile = model(FakeFeedRepository(pages: profilePages), store: store)
        await profile.onAppear()?.value
        await profile.rowAppeared("p106")?.value
        #expect(profile.viewState.rows.map(\.id).suffix(2) == ["p107", "p3"])
        #expect(profile.viewState.rows.last?.heart == .liked)
        #expect(feed.viewState.rows[2].id == "p3")
        #expect(feed.viewState.rows[2].heart == .liked, "the feed shows what the profile's page said")
        #expect(feed.viewState.rows[2].likes == "99 likes")
    }

    @Test func closingLetsGoOfItsPostsSoTheStoreDoesNotOnlyGrow() async throws {
        let store = FakePostStore(likePost: FakeLikePostUseCase())
        let feed = model(FakeFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: 6)), store: store)
        await feed.onAppear()?.value
        let before = store.count
        for number in 0..<20 {
            let posts = (1...6).map { FeedFixtures.post(1_000 + number * 10 + $0) }
            let profile = model(FakeFeedRepository(pages: [FeedPage(posts: posts, next: nil)]), store: store)
            await profile.onAppear()?.value
            #expect(store.count == before + 6)
            profile.close()
        }
        #expect(store.count == before)
        #expect(store.observerCount == 1, "closed profiles stop listening")
    }

    @Test func aClosedProfileDropsAPageThatArrivesLate() async throws {
        let repository = FakeFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: 6))
        let gate = await repository.hold(call: 1)
        let store = FakePostStore(likePost: FakeLikePostUseCase())
        let profile = model(repository, store: store)
        let load = profile.onAppear()
        profile.close()
        await gate.open()
        await load?.value
        #expect(profile.viewState.rows.isEmpty)
        #expect(store.count == 0)
        #expect(profile.isIdle)
    }

    @Test func aPostLikedInAProfileIsForgottenWhenTheProfileLeavesAfterTheLikeSettled() async throws {
        let useCase = FakeLikePostUseCase()
        let store = FakePostStore(likePost: useCase)
        let posts = (1...6).map { FeedFixtures.post(500 + $0) }
        let profile = model(FakeFeedRepository(pages: [FeedPage(posts: posts, next: nil)]), store: store)
        await profile.onAppear()?.value
        let tap = try #require(profile.toggleLike("p501"))
        await useCase.waitForCalls(1)
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 11)))
        await tap.value
        profile.close()
        #expect(store.count == 0)
    }
}
