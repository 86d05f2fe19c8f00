import FeedInterface
import FeedTesting
import LikesInterface
import LikesTesting
import Testing
import TestingSupport
@testable import FeedData

/// A posts source serving fixed pages with every heart unknown.
private struct FixedPosts: PostsRepository {
    let page: FeedPage
    func page(after cursor: Cursor?) async throws -> FeedPage { page }
}

@Suite struct CompositeFeedRepositoryTests {
    private let page = FeedFixtures.pages(count: 1, pageSize: 4, like: .unknown)[0]

    @Test func setsEachHeartFromTheLikedIDs() async throws {
        let likes = FakeLikesRepository(liked: ["p2", "p4", "p99"])
        let composite = CompositeFeedRepository(posts: FixedPosts(page: page), likedPosts: likes)
        let combined = try await composite.posts(after: nil)
        #expect(combined.posts.map(\.like) == [.notLiked, .liked, .notLiked, .liked])
        #expect(combined.next == page.next)
    }

    @Test func aFailedLikesReadLeavesHeartsUnknownAndKeepsThePosts() async throws {
        let likes = FakeLikesRepository(liked: ["p2"])
        await likes.setReadFails(true)
        let composite = CompositeFeedRepository(posts: FixedPosts(page: page), likedPosts: likes)
        let combined = try await composite.posts(after: nil)
        #expect(combined.posts.count == 4)
        #expect(combined.posts.allSatisfy { $0.like == .unknown })
    }

    @Test func anEmptyPageAsksNoLikes() async throws {
        let likes = FakeLikesRepository()
        let composite = CompositeFeedRepository(posts: FixedPosts(page: FeedPage(posts: [], next: nil)), likedPosts: likes)
        _ = try await composite.posts(after: nil)
        #expect(await likes.reads == 0)
    }

    @Test func aFailedPostsReadThrows() async {
        let composite = CompositeFeedRepository(posts: FailingPosts(), likedPosts: FakeLikesRepository())
        await #expect(throws: FakeError.self) { try await composite.posts(after: nil) }
    }
}

private struct FailingPosts: PostsRepository {
    func page(after cursor: Cursor?) async throws -> FeedPage { throw FakeError(message: "posts failed") }
}
