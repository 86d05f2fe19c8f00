import FeedInterface
import LikesInterface
import TelemetryInterface

/// The app's like use case, tracking how each call ended.
struct TrackedLikePostUseCase: LikePostUseCase {
    let base: any LikePostUseCase
    let telemetry: TelemetryTracker

    func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome {
        let outcome = await base.setLiked(liked, post: post)
        telemetry.track(.like(outcome: Self.name(outcome)))
        return outcome
    }

    /// The outcome's name in the registry.
    static func name(_ outcome: LikeOutcome) -> String {
        switch outcome {
        case .saved: "saved"
        case .superseded: "superseded"
        case .failed: "failed"
        case .reread: "reread"
        case .queued: "queued"
        }
    }
}

/// The like queue a follow-up offered (`persistent-like-queue`), tracking how each call ended; the
/// queue's own hooks pass through. The host offers it in the queue's place, so post stores use it.
struct TrackedQueuedLikePostUseCase: QueuedLikePostUseCase {
    let base: any QueuedLikePostUseCase
    let telemetry: TelemetryTracker

    func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome {
        await TrackedLikePostUseCase(base: base, telemetry: telemetry).setLiked(liked, post: post)
    }

    func setLiked(_ liked: Bool, post: PostID, before: LikeResult?, recorded: @escaping @Sendable () -> Void) async -> LikeOutcome {
        let outcome = await base.setLiked(liked, post: post, before: before, recorded: recorded)
        telemetry.track(.like(outcome: TrackedLikePostUseCase.name(outcome)))
        return outcome
    }

    func pending() async -> [PendingLike] { await base.pending() }
    func events() -> AsyncStream<LikeQueueEvent> { base.events() }
    func drain() async { await base.drain() }
}
