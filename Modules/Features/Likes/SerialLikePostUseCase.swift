import FeedInterface
import LikesInterface

/// Sends likes one request per post at a time, always the latest wanted state.
///
/// Per post: remember the wanted state; if a request is in flight, stop (the earlier call returns
/// `superseded`); else send; when it finishes, send again if the wanted state differs from what
/// was sent. Only the latest call returns `saved` or `failed`. Sends run in their own task, so a
/// caller going away never cancels a write: a cancelled caller stops waiting at once (it gets
/// `superseded`: nobody reports to it) while the like still lands. App-scoped: every caller must
/// share one instance.
///
/// A write whose answer was lost (`LikeError.outcomeUnknown`, after the client's own retries of the
/// idempotent PUT) is read back through `reread`, with backoff, so the heart settles to the
/// server's truth (`reread(liked:)`) without waiting for a refresh; if that read fails too, the
/// outcome is `failed` and the heart goes back to what it was before the taps.
public actor SerialLikePostUseCase: LikePostUseCase {
    private struct Entry {
        var wanted: Bool
        var waiter: (id: Int, continuation: CheckedContinuation<LikeOutcome, Never>)?
    }

    private let likes: any LikesRepository
    private let reread: (any LikedPostsSource)?
    private let backoff: [Duration]
    private let sleep: @Sendable (Duration) async -> Void
    private var entries: [PostID: Entry] = [:]
    private var nextWaiter = 0

    /// Creates the use case over the repository that saves likes and, optionally, the likes read
    /// that settles a write whose answer was lost; the read is tried after each wait of `backoff`.
    public init(
        likes: any LikesRepository, reread: (any LikedPostsSource)? = nil,
        backoff: [Duration] = [.zero, .milliseconds(500), .seconds(2)],
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.likes = likes
        self.reread = reread
        self.backoff = backoff
        self.sleep = sleep
    }

    public func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome {
        if entries[post] != nil {
            entries[post]?.wanted = liked
            entries[post]?.waiter?.continuation.resume(returning: .superseded)
            entries[post]?.waiter = nil
        } else {
            entries[post] = Entry(wanted: liked)
            Task { await self.send(post) }
        }
        nextWaiter += 1
        let id = nextWaiter
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: .superseded)
                } else {
                    entries[post]?.waiter = (id, continuation)
                }
            }
        } onCancel: {
            Task { await self.stopWaiting(post, id: id) }
        }
    }

    /// The caller `id` was cancelled: it stops waiting; the send goes on.
    private func stopWaiting(_ post: PostID, id: Int) {
        guard let waiter = entries[post]?.waiter, waiter.id == id else { return }
        entries[post]?.waiter = nil
        waiter.continuation.resume(returning: .superseded)
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
            } catch LikeError.outcomeUnknown {
                outcome = await readBack(post).map { .reread(liked: $0) } ?? .failed(serverState: lastReply)
            } catch {
                outcome = .failed(serverState: lastReply)
            }
            guard let entry = entries[post] else { return }
            // The user changed their mind while this request was out: one follow-up with the latest.
            if entry.wanted != wanted { continue }
            entries[post] = nil
            entry.waiter?.continuation.resume(returning: outcome)
            return
        }
    }

    /// Whether the server holds `post` as liked, read back with backoff; `nil` if no read answered.
    private func readBack(_ post: PostID) async -> Bool? {
        guard let reread else { return nil }
        for wait in backoff {
            if wait > .zero { await sleep(wait) }
            if let liked = try? await reread.likedIDs(among: [post]) { return liked.contains(post) }
        }
        return nil
    }
}
