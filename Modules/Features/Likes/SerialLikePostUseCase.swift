import FeedInterface
import LikesInterface

/// Sends likes one request per post at a time, always the latest wanted state.
///
/// Per post: remember the wanted state; if a request is in flight, stop (the earlier call returns
/// `superseded`); else send; when it finishes, send again if the wanted state differs from what
/// was sent. Only the latest call returns `saved` or `failed`. Sends run in their own task, so a
/// caller going away never cancels a write. App-scoped: every caller must share one instance.
public actor SerialLikePostUseCase: LikePostUseCase {
    private struct Entry {
        var wanted: Bool
        var waiter: CheckedContinuation<LikeOutcome, Never>?
    }

    private let likes: any LikesRepository
    private var entries: [PostID: Entry] = [:]

    /// Creates the use case over the repository that saves likes.
    public init(likes: any LikesRepository) {
        self.likes = likes
    }

    public func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome {
        if entries[post] != nil {
            entries[post]?.wanted = liked
            entries[post]?.waiter?.resume(returning: .superseded)
            entries[post]?.waiter = nil
        } else {
            entries[post] = Entry(wanted: liked)
            Task { await self.send(post) }
        }
        return await withCheckedContinuation { entries[post]?.waiter = $0 }
    }

    /// Sends until what was sent last is what the user wants, then reports to the latest caller.
    private func send(_ post: PostID) async {
        var lastReply: LikeResult?
        while let wanted = entries[post]?.wanted {
            let outcome: LikeOutcome
            do {
                let reply = try await likes.setLiked(wanted, post: post)
                lastReply = reply
                outcome = .saved(reply)
            } catch {
                outcome = .failed(serverState: lastReply)
            }
            guard let entry = entries[post] else { return }
            // The user changed their mind while this request was out: one follow-up with the latest.
            if entry.wanted != wanted { continue }
            entries[post] = nil
            entry.waiter?.resume(returning: outcome)
            return
        }
    }
}
