import FeedInterface
import LikesInterface
import TestingSupport

/// A likes store in memory that implements both likes promises, records every call, and can
/// hold a call or refuse a post.
public actor FakeLikesRepository: LikesRepository, LikedPostsSource {
    private var liked: Set<PostID>
    private var counts: [PostID: Int]
    private var gates: [Int: Gate] = [:]
    private let writeCounter = CallCounter()
    private let completionCounter = CallCounter()

    /// Posts whose writes throw.
    public var refused: Set<PostID> = []
    /// Write numbers (1-based) that throw.
    public var refusedCalls: Set<Int> = []
    /// Write numbers (1-based) that change the state and then throw `LikeError.outcomeUnknown`.
    public var appliedThenLost: Set<Int> = []
    /// Write numbers (1-based) that throw `LikeError.outcomeUnknown` without changing anything.
    public var lost: Set<Int> = []
    /// Whether the likes read throws.
    public var readFails = false
    /// Every write, in order.
    public private(set) var writes: [(post: PostID, liked: Bool)] = []
    /// How many likes reads were made.
    public private(set) var reads = 0
    /// The delay of every write, like a slow server.
    public var writeLatency: Duration = .zero
    /// Whether writes fail as if there were no network (`LikeError.notSent`), changing nothing.
    public private(set) var unreachable = false
    /// The most writes in flight at once, and the most for any one post.
    public private(set) var maxInFlight = (total: 0, perPost: 0)
    private var inFlight: [PostID: Int] = [:]
    private var onWrite: (@Sendable (PostID, Bool) -> Void)?

    /// Creates the store with `liked` posts and per-post counts (0 when missing).
    public init(liked: Set<PostID> = [], counts: [PostID: Int] = [:]) {
        self.liked = liked
        self.counts = counts
    }

    /// Refuses writes for `post` from now on.
    public func refuse(_ post: PostID) { refused.insert(post) }

    /// Refuses write number `call` (1-based).
    public func refuseWrite(call: Int) { refusedCalls.insert(call) }

    /// Makes write number `call` (1-based) apply its state and then fail as if the answer was lost.
    public func applyThenLose(call: Int) { appliedThenLost.insert(call) }

    /// Makes write number `call` (1-based) fail as if the answer was lost, without applying it.
    public func lose(call: Int) { lost.insert(call) }

    /// Makes the likes read fail or succeed.
    public func setReadFails(_ fails: Bool) { readFails = fails }

    /// Makes every write fail as if offline (`true`) or reach the store again (`false`).
    public func setUnreachable(_ unreachable: Bool) { self.unreachable = unreachable }

    /// Calls `hook` with each write as it arrives, before it is held or answered.
    public func setOnWrite(_ hook: @escaping @Sendable (PostID, Bool) -> Void) { onWrite = hook }

    /// Delays every write by `latency`.
    public func setWriteLatency(_ latency: Duration) { writeLatency = latency }

    /// Makes write number `call` (1-based) wait until the returned gate opens.
    public func holdWrite(call: Int) -> Gate {
        let gate = Gate()
        gates[call] = gate
        return gate
    }

    /// Suspends until `count` writes arrived.
    public func waitForWrites(_ count: Int) async {
        await writeCounter.wait(for: count)
    }

    /// Suspends until `count` writes have returned or thrown.
    public func waitForCompletions(_ count: Int) async {
        await completionCounter.wait(for: count)
    }

    /// What the store holds for `post`.
    public func state(of post: PostID) -> LikeResult {
        LikeResult(liked: liked.contains(post), likeCount: counts[post, default: 0])
    }

    public func likedIDs(among posts: [PostID]) async throws -> Set<PostID> {
        reads += 1
        if readFails { throw FakeError(message: "likes read failed") }
        return liked.intersection(posts)
    }

    public func setLiked(_ wanted: Bool, post: PostID) async throws -> LikeResult {
        writes.append((post, wanted))
        let call = writes.count
        onWrite?(post, wanted)
        inFlight[post, default: 0] += 1
        maxInFlight = (max(maxInFlight.total, inFlight.values.reduce(0, +)), max(maxInFlight.perPost, inFlight[post, default: 0]))
        defer {
            inFlight[post] = inFlight[post].map { $0 > 1 ? $0 - 1 : nil } ?? nil
            Task { await completionCounter.increment() }
        }
        await writeCounter.increment()
        if let gate = gates[call] { await gate.wait() }
        if writeLatency > .zero { try? await Task.sleep(for: writeLatency) }
        if unreachable { throw LikeError.notSent(reason: "no connection") }
        if refused.contains(post) || refusedCalls.contains(call) { throw LikeError.refused(reason: "like refused") }
        if lost.contains(call) { throw LikeError.outcomeUnknown(reason: "the answer was lost") }
        if wanted, !liked.contains(post) {
            liked.insert(post)
            counts[post, default: 0] += 1
        } else if !wanted, liked.contains(post) {
            liked.remove(post)
            counts[post, default: 0] -= 1
        }
        if appliedThenLost.contains(call) { throw LikeError.outcomeUnknown(reason: "applied, then the server answered 500") }
        return state(of: post)
    }
}
