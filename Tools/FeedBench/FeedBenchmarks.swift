import Feed
import FeedInterface
import FeedTesting
import Likes
import LikesInterface
import LikesTesting
import Posts

/// The feed's benchmarks: each prints figures measured side by side in this run.
@MainActor
enum FeedBenchmarks {
    /// (a) Appending 1,000 pages of 20 versus 100 pages, ours against the naive set rebuild.
    static func appendPages() async -> [String] {
        let small = FeedFixtures.pages(count: 100)
        let large = FeedFixtures.pages(count: 1_000)
        let ours100 = await Measure.median { await loadAll(small) }
        let ours1000 = await Measure.median { await loadAll(large) }
        let naive100 = await Measure.median { naive(small) }
        let naive1000 = await Measure.median(runs: 3) { naive(large) }
        return [
            "(a) append pages of 20, 1,000 pages vs 100 (goal: ours near 10×, linear)",
            "    ours : 100 pages \(Measure.format(ours100)), 1,000 pages \(Measure.format(ours1000)) → \(Measure.ratio(ours1000, ours100))",
            "    naive: 100 pages \(Measure.format(naive100)), 1,000 pages \(Measure.format(naive1000)) → \(Measure.ratio(naive1000, naive100))"
                + " (rebuilds Set(posts.map(\\.id)) per page)",
        ]
    }

    /// (b) The cost of one like tap with 10,000 rows versus 100 rows.
    static func likeTap() async -> [String] {
        let few = await tapCost(rows: 100)
        let many = await tapCost(rows: 10_000)
        return [
            "(b) one like tap, 10,000 rows vs 100 rows (goal: ≤ 2×)",
            "    100 rows \(Measure.format(few)), 10,000 rows \(Measure.format(many)) per tap → \(Measure.ratio(many, few))",
        ]
    }

    /// (c) Ten taps on one post during one 200 ms like request: how many like requests go out.
    static func tapsDuringSlowRequest() async -> [String] {
        let likes = FakeLikesRepository(counts: ["p1": 10])
        await likes.setWriteLatency(.milliseconds(200))
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 1))
        let model = FeedViewModel(feed: feed, posts: InMemoryPostStore(likePost: SerialLikePostUseCase(likes: likes)))
        await model.onAppear()?.value
        // The first tap's request is on the wire before the other nine taps land.
        model.toggleLike("p1")
        await likes.waitForWrites(1)
        for _ in 0..<9 { model.toggleLike("p1") }
        _ = await model.waitUntilIdle(timeout: .seconds(10))
        let writes = await likes.writes.count
        let server = await likes.state(of: "p1")
        let row = model.viewState.rows[0]
        return [
            "(c) 10 taps on one post during one 200 ms like request (goal: ≤ 2 requests)",
            "    like requests sent: \(writes); server ends \(server.liked ? "liked" : "not liked"),"
                + " row shows \(row.heart.rawValue) with \"\(row.likes)\"",
        ]
    }

    private static func loadAll(_ pages: [FeedPage]) async {
        let model = FeedViewModel(feed: FakeFeedRepository(pages: pages), posts: InMemoryPostStore(likePost: InstantLikePostUseCase()))
        await model.onAppear()?.value
        while let last = model.viewState.rows.last, let task = model.rowAppeared(last.id) {
            await task.value
        }
        precondition(model.viewState.rows.count == pages.count * 20, "every page appended")
    }

    private static func naive(_ pages: [FeedPage]) {
        var list = NaiveFeedList()
        for page in pages { list.append(page) }
        precondition(list.posts.count == pages.count * 20, "every page appended")
    }

    /// The median time of one tap (flip the heart, format the row) over many taps on visible rows.
    private static func tapCost(rows: Int) async -> Duration {
        let model = FeedViewModel(
            feed: FakeFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: rows)), posts: InMemoryPostStore(likePost: InstantLikePostUseCase()))
        await model.onAppear()?.value
        // A reader taps posts on screen: the same 20 rows in the middle, whatever is loaded.
        let middle = rows / 2
        let ids = model.viewState.rows[(middle - 10)..<(middle + 10)].map(\.id)
        let clock = ContinuousClock()
        let taps = 2_000
        var samples: [Duration] = []
        for round in 0..<7 {
            let start = clock.now
            for tap in 0..<taps { model.toggleLike(ids[(tap * 7919 + round) % ids.count]) }
            samples.append((clock.now - start) / taps)
            _ = await model.waitUntilIdle(timeout: .seconds(10))
        }
        return samples.sorted()[samples.count / 2]
    }
}
