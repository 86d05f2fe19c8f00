import Foundation
import Synchronization

/// The reference server's clock for `GET /v1/live`, on its own thread while the server runs: every
/// 20 ms it publishes due posts, turns new posts and changed flags into events, and makes other
/// users like and unlike posts (`--others-like-every`), most near the top of the latest ranking.
final class LiveTicker: Sendable {
    private let router: FeedRouter
    /// Bumped by every start and stop: a thread runs while the generation it started with is current.
    private let generation = Mutex(0)

    init(router: FeedRouter) {
        self.router = router
    }

    /// Starts the thread (a running one stops).
    func start() {
        let mine = generation.withLock { value -> Int in
            value += 1
            return value
        }
        let thread = Thread { [self] in run(generation: mine) }
        thread.name = "FeedServer.live"
        thread.start()
    }

    /// Stops the thread within one tick.
    func stop() {
        generation.withLock { $0 += 1 }
        router.live.wakeAll()
    }

    private func run(generation mine: Int) {
        var random = SplitMix64(seed: router.seed ^ 0x07E5_11CE)
        var last: (published: Int, flags: [String: Bool])?
        var nextLike: Double?
        while generation.withLock({ $0 }) == mine {
            let time = router.now()
            let (published, flags, every) = router.state.withLock { state in
                state.publishDuePosts(now: time)
                return (state.catalog.publishedCount, state.faults.flags, state.faults.othersLikeEveryMS)
            }
            if let last, published != last.published { router.live.publish("new-posts", "") }
            if let last, flags != last.flags { router.live.publish("flags", FeedServerDTO.line(FeedServerDTO.Flags(flags: flags))) }
            last = (published, flags)
            if let every, every > 0 {
                let interval = Double(every) / 1000
                var due = nextLike ?? time + interval
                var moves = 0
                while time >= due && moves < 100 {
                    likeSomePost(&random)
                    due += interval
                    moves += 1
                }
                nextLike = time >= due ? time + interval : due
            } else {
                nextLike = nil
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Another user likes or unlikes a post: three times in four one of the first 20 of the latest ranking.
    private func likeSomePost(_ random: inout SplitMix64) {
        let (nearTop, liking) = (random.chance(0.75), random.chance(0.5))
        let pick = random.next()
        let index = router.state.withLock { state -> Int in
            let count = state.catalog.posts.count
            guard nearTop else { return Int(pick % UInt64(count)) }
            return state.post(at: Int(pick % UInt64(min(20, count))), session: max(1, state.sessions))
        }
        router.likeByOthers(index: index, liking: liking)
    }
}
