import Feed
import FeedInterface
import FeedTesting
import Foundation
import Posts
import PostScreenKit
import TerminalUIInterface

/// (r) The cost of a 100×34 frame whose photos are all still loading, each box drawn as its
/// BlurHash decoded to the box's cells — decoded again each frame, and kept by the screen's
/// `PhotoPlaceholders` as the screens do — against the same frame drawn in one colour a box (the
/// placeholder before issue 32): what the Mastodon API's placeholders cost each frame.
@MainActor
enum PlaceholderBenchmark {
    static func run() async -> [String] {
        let hash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
        let colour = await frameCost(blurHash: nil, cache: nil)
        let decoded = await frameCost(blurHash: hash, cache: nil)
        let kept = await frameCost(blurHash: hash, cache: PhotoPlaceholders())
        return [
            "(r) a 100×34 frame of photos still loading: BlurHash placeholders vs one colour a box (goal: kept, ≤ 1.5× the colour)",
            "    colour \(Measure.format(colour)); BlurHash decoded each frame \(Measure.format(decoded)) → \(Measure.ratio(decoded, colour)), "
                + "kept by the screen \(Measure.format(kept)) → \(Measure.ratio(kept, colour))",
        ]
    }

    /// The median time of one frame of 40 posts whose photos are loading.
    private static func frameCost(blurHash: String?, cache: PhotoPlaceholders?) async -> Duration {
        let posts = (1...40).map { number in
            Post(
                id: PostID("p\(number)"), author: Author(id: "a", name: "ana"), caption: "a caption",
                image: ImageRef(
                    url: URL(string: "https://img.example/p\(number).jpg")!, width: 1600, height: 1200,
                    placeholder: PhotoColor(red: 120, green: 90, blue: 60), blurHash: blurHash),
                likeCount: number, like: .notLiked)
        }
        let model = FeedViewModel(feed: FakeFeedRepository(pages: [FeedPage(posts: posts, next: nil)]), posts: InMemoryPostStore(likePost: InstantLikePostUseCase()))
        await model.onAppear()?.value
        let state = model.viewState
        let size = TerminalSize(columns: 100, rows: 34)
        var position = FeedScreenPosition.start
        var options = FeedScreenOptions()
        options.placeholders = cache
        let clock = ContinuousClock()
        var samples: [Duration] = []
        for _ in 0..<9 {
            let frames = 60
            let start = clock.now
            for tick in 0..<frames {
                options.tick = tick
                let frame = FeedScreenRenderer.render(state: state, size: size, position: position, options: options, photos: { _ in .loading })
                position = frame.position
            }
            samples.append((clock.now - start) / frames)
        }
        return samples.sorted()[samples.count / 2]
    }
}
