import Feed
import FeedInterface
import FeedTesting
import Foundation
import Posts
import Profile

/// `shared-post-store`: a tap's cost with both screens open, and the store's memory after many profiles.
@MainActor
enum SharedStoreBenchmark {
    static func run() async -> [String] {
        let few = await tapCost(feedRows: 100)
        let many = await tapCost(feedRows: 10_000)
        let (before, during, after) = await profilesOpenedAndLeft(100)
        return [
            "(h) shared-post-store: one tap with the feed and a profile open, 10,000 feed rows vs 100 (goal: ≤ 2×)",
            "    100 rows \(Measure.format(few)), 10,000 rows \(Measure.format(many)) per tap → \(Measure.ratio(many, few))",
            "    the store after opening and leaving 100 profiles of 20 posts (goal: back within 10%):"
                + " \(before) posts before, \(during) with one open, \(after) after",
        ]
    }

    /// The median time of one tap in the profile, which both screens show at once.
    private static func tapCost(feedRows: Int) async -> Duration {
        let store = InMemoryPostStore(likePost: InstantLikePostUseCase())
        let page = FeedFixtures.pages(count: 1, pageSize: feedRows)[0]
        let feed = FeedViewModel(feed: FakeFeedRepository(pages: [page]), posts: store)
        await feed.onAppear()?.value
        // The author's grid shows 20 of the posts the feed shows, from its middle.
        let shared = Array(page.posts[(feedRows / 2 - 10)..<(feedRows / 2 + 10)])
        let profile = ProfileViewModel(
            author: shared[0].author, repository: FakeFeedRepository(pages: [FeedPage(posts: shared, next: nil)]), posts: store)
        await profile.onAppear()?.value
        let ids = shared.map(\.id)
        let clock = ContinuousClock()
        let taps = 2_000
        var samples: [Duration] = []
        for round in 0..<7 {
            let start = clock.now
            for tap in 0..<taps { profile.toggleLike(ids[(tap * 7919 + round) % ids.count]) }
            samples.append((clock.now - start) / taps)
            _ = await profile.waitUntilIdle(timeout: .seconds(10))
            _ = await feed.waitUntilIdle(timeout: .seconds(10))
        }
        profile.close()
        return samples.sorted()[samples.count / 2]
    }

    /// The store's post count before, with one profile open, and after `count` profiles came and went.
    private static func profilesOpenedAndLeft(_ count: Int) async -> (Int, Int, Int) {
        let store = InMemoryPostStore(likePost: InstantLikePostUseCase())
        let feed = FeedViewModel(feed: FakeFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: 60)), posts: store)
        await feed.onAppear()?.value
        let before = store.postCount
        var during = 0
        for number in 0..<count {
            let posts = (1...20).map { FeedFixtures.post(100_000 + number * 20 + $0) }
            let profile = ProfileViewModel(
                author: posts[0].author, repository: FakeFeedRepository(pages: [FeedPage(posts: posts, next: nil)]), posts: store)
            await profile.onAppear()?.value
            profile.toggleLike(posts[0].id)
            during = max(during, store.postCount)
            _ = await profile.waitUntilIdle(timeout: .seconds(10))
            profile.close()
        }
        return (before, during, store.postCount)
    }
}
