import Feed
import FeedInterface
import FeedTesting
import Posts
import TerminalUIInterface

/// (f) The time to render one 80×24 frame with 10,000 rows loaded versus 100: only the visible
/// rows are laid out, so the two should cost about the same.
@MainActor
enum RenderBenchmark {
    static func run() async -> [String] {
        let few = await frameCost(rows: 100)
        let many = await frameCost(rows: 10_000)
        return [
            "(f) render one 80×24 frame, 10,000 rows loaded vs 100 (goal: ≤ 1.5×)",
            "    100 rows \(Measure.format(few)), 10,000 rows \(Measure.format(many)) per frame → \(Measure.ratio(many, few))",
        ]
    }

    /// The median time of one frame, scrolled to the middle of the loaded rows as a reader would be.
    private static func frameCost(rows: Int) async -> Duration {
        let model = FeedViewModel(
            feed: FakeFeedRepository(pages: FeedFixtures.pages(count: rows / 20)), posts: InMemoryPostStore(likePost: InstantLikePostUseCase()))
        await model.onAppear()?.value
        while model.viewState.rows.count < rows, let last = model.viewState.rows.last, let task = model.rowAppeared(last.id) {
            await task.value
        }
        let state = model.viewState
        let size = TerminalSize(columns: 80, rows: 24)
        let middle = state.rows[state.rows.count / 2].id
        var position = FeedScreenPosition(top: middle, topOffset: 0, selected: middle)
        position = FeedScreenRenderer.render(state: state, size: size, position: position, options: FeedScreenOptions()).position
        let clock = ContinuousClock()
        var samples: [Duration] = []
        for _ in 0..<9 {
            let frames = 300
            let start = clock.now
            for tick in 0..<frames {
                let frame = FeedScreenRenderer.render(state: state, size: size, position: position, options: FeedScreenOptions(tick: tick))
                position = frame.position
            }
            samples.append((clock.now - start) / frames)
        }
        return samples.sorted()[samples.count / 2]
    }
}
