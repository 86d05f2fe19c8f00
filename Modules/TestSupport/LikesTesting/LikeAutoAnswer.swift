import FeedInterface
import LikesInterface

/// Answers every call of a `FakeLikePostUseCase` as a server that takes every like would, for demos
/// and long-running fakes: each heart settles on what was tapped, its count moved by one.
public enum LikeAutoAnswer {
    /// Answers each call `delay` after it arrived, until the returned task is cancelled.
    public static func start(_ likes: FakeLikePostUseCase, after delay: Duration) -> Task<Void, Never> {
        Task {
            var call = 0
            while !Task.isCancelled {
                call += 1
                await likes.waitForCalls(call)
                let wanted = await likes.calls[call - 1].liked
                Task { [call] in
                    try? await Task.sleep(for: delay)
                    // A read-back outcome: the heart the server holds, the count the screen moves by one.
                    await likes.answer(call: call, with: .reread(liked: wanted))
                }
            }
        }
    }
}
