import FeedInterface
import LikesInterface
import TestingSupport

/// A `LikePostUseCase` whose calls wait until the test answers them, in any order.
public actor FakeLikePostUseCase: LikePostUseCase {
    private var pending: [Int: CheckedContinuation<LikeOutcome, Never>] = [:]
    private var early: [Int: LikeOutcome] = [:]
    private let counter = CallCounter()

    /// Every call, in order.
    public private(set) var calls: [(post: PostID, liked: Bool)] = []

    /// Creates the fake.
    public init() {}

    /// Suspends until `count` calls arrived.
    public func waitForCalls(_ count: Int) async {
        await counter.wait(for: count)
    }

    /// Answers call number `call` (1-based) with `outcome`.
    public func answer(call: Int, with outcome: LikeOutcome) {
        if let waiter = pending.removeValue(forKey: call) {
            waiter.resume(returning: outcome)
        } else {
            early[call] = outcome
        }
    }

    public func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome {
        calls.append((post, liked))
        let call = calls.count
        await counter.increment()
        if let outcome = early.removeValue(forKey: call) { return outcome }
        return await withCheckedContinuation { pending[call] = $0 }
    }
}
