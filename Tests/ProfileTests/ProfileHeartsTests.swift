import FeedInterface
import FeedTesting
import LikesTesting
import StoreTesting
import Testing
@testable import Profile

/// The profile shows its rows after one round trip too: hearts "checking" until the likes read ends.
@MainActor
@Suite struct ProfileHeartsTests {
    @Test func rowsShowWithCheckingHeartsThenTheHeartsRead() async throws {
        let repository = FakeTwoStepFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: 12), liked: ["p4"])
        let gate = await repository.holdLikes(call: 1)
        let profile = ProfileViewModel(author: Author(id: "a1", name: "Ana"), repository: repository, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await profile.onAppear()?.value
        #expect(profile.viewState.rows.count == 12)
        #expect(profile.viewState.rows.allSatisfy { $0.heart == .checking })
        #expect(profile.toggleLike("p1") == nil, "a checking heart is disabled")
        await gate.open()
        #expect(await profile.waitUntilIdle(timeout: .seconds(30)))
        #expect(profile.viewState.rows[3].heart == .liked)
        #expect(profile.viewState.rows.filter { $0.heart == .notLiked }.count == 11)
    }

    @Test func aFailedLikesReadEndsUnknownAndClosingEndsTheWait() async throws {
        let repository = FakeTwoStepFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: 12))
        let gate = await repository.holdLikes(call: 1)
        let profile = ProfileViewModel(author: Author(id: "a1", name: "Ana"), repository: repository, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await profile.onAppear()?.value
        await repository.failLikes()
        await gate.open()
        #expect(await profile.waitUntilIdle(timeout: .seconds(30)))
        #expect(profile.viewState.rows.allSatisfy { $0.heart == .unknown })
    }
}

/// The profile's posts pass the post pipeline too: muted posts never show, and rows shown go when
/// a filter changes its mind.
@MainActor
@Suite struct ProfilePostPipelineTests {
    @Test func pagesPassThePipelineAndRowsGoWhenAFilterChangesItsMind() async throws {
        let pipeline = FakePostPipeline()
        pipeline.muted = ["a2"]
        let posts = FakePostStore(likePost: FakeLikePostUseCase())
        let profile = ProfileViewModel(
            author: Author(id: "a1", name: "Ana"), repository: FakeFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: 14)),
            posts: posts, pipeline: pipeline)
        await profile.onAppear()?.value
        #expect(profile.viewState.rows.map(\.id.rawValue) == ["p1", "p3", "p4", "p5", "p6", "p7", "p8", "p10", "p11", "p12", "p13", "p14"])
        pipeline.mute("a1")
        #expect(profile.viewState.rows.map(\.id.rawValue) == ["p3", "p4", "p5", "p6", "p7", "p10", "p11", "p12", "p13", "p14"])
    }
}
