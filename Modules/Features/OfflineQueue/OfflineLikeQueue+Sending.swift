import FeedInterface
import LikesInterface

/// Sending: the slots, the per-post send loop and its checks of the file, settling, drain rounds, and the backoff timer.
extension OfflineLikeQueue {
    /// Starts sends for waiting posts while slots are free; wakes `drain()` callers once idle.
    func pump() {
        while inFlight.count < max(1, configuration.parallelSends), let post = waiting.pop() {
            guard entries[post] != nil, !inFlight.contains(post) else { continue }
            inFlight.insert(post)
            let epoch = epoch
            Task { await self.send(post, epoch: epoch) }
        }
        if inFlight.isEmpty && waiting.isEmpty {
            refreshedWhileBusy = false
            resumeIdleWaiters()
        }
    }

    /// What the file says of a post's intent before a request for it leaves.
    enum Check {
        /// Send the entry's intent (adopted from the file when the file's is newer).
        case current
        /// The row is gone: the intent was dropped elsewhere (a logout).
        case dropped
        /// The latest intent was settled elsewhere, with this reply.
        case settled(LikeResult)
    }

    /// What to do after an answer.
    private enum Next {
        case done
        /// The file holds a newer intent: check it, then send it.
        case again
    }

    /// What happens to a post's row when it settles here.
    enum RowChange {
        /// Nothing: it is marked settled already, or gone.
        case keep
        /// Deleted if it still holds `revision` (whatever it holds when `nil`).
        case delete(revision: Int?)
    }

    /// Sends until the server holds the latest intent for `post`, whichever process made it, then
    /// settles the post: before each request the row is read again, and after each answer.
    func send(_ post: PostID, epoch: Int) async {
        sending: while epoch == self.epoch, entries[post] != nil {
            // Not on disk yet (another process's lock): the timer's next round tries the write again.
            guard writeAwaited(post) else {
                scheduleRetry()
                break sending
            }
            switch check(post) {
            case .current: break
            case .dropped:
                dropped(post)
                break sending
            case .settled(let reply):
                settle(post, outcome: .saved(reply), event: .saved(reply), row: .keep)
                break sending
            }
            guard let sent = entries[post]?.intent else { break }
            let result: Result<LikeResult, any Error>
            do {
                result = .success(try await likes.setLiked(sent.wanted, post: post))
            } catch {
                result = .failure(error)
            }
            // After `deleteAll()` this send is an orphan: its answer changes nothing.
            guard epoch == self.epoch, entries[post] != nil else { return }
            if case .success(let reply) = result { entries[post]?.lastReply = reply }
            let next = answered(post, sent: sent, result: result)
            if case .success = result { networkIsBack() }
            if case .done = next { break sending }
        }
        guard epoch == self.epoch else { return }
        inFlight.remove(post)
        pump()
    }

    /// Reconciles the entry of `post` with its row: a newer unsettled intent is adopted; a settled
    /// revision at least the entry's, or a missing row, is said. An entry kept in memory only is current.
    func check(_ post: PostID) -> Check {
        if loggedOutElsewhere() { return .dropped }
        guard let entry = entries[post], entry.durable, let outbox else { return .current }
        switch outbox.row(of: post) {
        case .unknown:
            return .current
        case .missing:
            return .dropped
        case .settled(let revision, _, let reply):
            return revision >= entry.intent.revision ? .settled(reply) : .current
        case .waiting(let row):
            if row.revision > entry.intent.revision { entries[post]?.intent = row }
            return .current
        }
    }

    /// Handles the answer to the request that sent `sent`: settles the post, keeps it, or says to send
    /// again. A newer intent wanting the state this request carried needs no other request (the
    /// server holds that state); one wanting the other state is sent, even when it settled elsewhere.
    private func answered(_ post: PostID, sent: QueuedIntent, result: Result<LikeResult, any Error>) -> Next {
        guard let entry = entries[post] else { return .done }
        let now = configuration.now()
        if entry.durable, let outbox {
            if case .success(let reply) = result,
                outbox.markSettled(post, revision: sent.revision, reply: reply, at: now, keeping: durableIntents)
            {
                settle(post, outcome: .saved(reply), event: .saved(reply), row: .keep)
                return .done
            }
            switch outbox.row(of: post) {
            case .missing:
                dropped(post)
                return .done
            case .settled(let revision, let wanted, let settledReply) where revision >= sent.revision:
                guard wanted == sent.wanted else {
                    // Settled elsewhere, but this request may have landed after that one's: its state
                    // becomes an intent again, sent (and kept until the server has it) like any other.
                    if let reopened = outbox.reopen(post, revision: revision, now: now, keeping: durableIntents) {
                        entries[post]?.intent = reopened
                    }
                    return .again
                }
                let reply = (try? result.get()) ?? settledReply
                settle(post, outcome: .saved(reply), event: .saved(reply), row: .keep)
                return .done
            case .waiting(let row) where row.revision > sent.revision:
                entries[post]?.intent = row
                guard row.wanted == sent.wanted else { return .again }
                if case .success(let reply) = result {
                    guard outbox.markSettled(post, revision: row.revision, reply: reply, at: now, keeping: durableIntents) else { return .again }
                    settle(post, outcome: .saved(reply), event: .saved(reply), row: .keep)
                    return .done
                }
            // A failure: the newer intent, wanting the same, is kept or refused below.
            default:
                break
            }
        } else if entry.intent.wanted != sent.wanted {
            // The user changed their mind while this request was out: one follow-up with the latest.
            return .again
        }
        guard let current = entries[post] else { return .done }
        switch result {
        case .success(let reply):
            // A row that missed the latest tap (it could not be written) is stale: it goes whatever it holds.
            settle(post, outcome: .saved(reply), event: .saved(reply), row: current.durable ? .keep : .delete(revision: nil))
        case .failure(let error as LikeError) where !error.isTransient:
            settle(
                post, outcome: .failed(serverState: current.lastReply), event: .refused(serverState: current.lastReply),
                row: .delete(revision: current.durable ? current.intent.revision : nil))
        case .failure(let error):
            keep(post, failure: error)
        }
        return .done
    }

    /// The intent of `post` was dropped elsewhere (its row is gone): its caller hears `superseded`,
    /// the screens that its heart is not kept.
    func dropped(_ post: PostID) {
        let reply = entries[post]?.lastReply
        settle(post, outcome: .superseded, event: .refused(serverState: reply), row: .keep)
    }

    /// The post is settled: its row changes as `row` says, and its outcome goes to the waiting caller,
    /// else to `events()`.
    func settle(_ post: PostID, outcome: LikeOutcome, event: LikeQueueEvent.Outcome, row: RowChange) {
        guard let entry = entries.removeValue(forKey: post) else { return }
        if case .delete(let revision) = row { outbox?.delete(post, revision: revision, keeping: durableIntents) }
        if let waiter = entry.waiter {
            waiter.continuation.resume(returning: outcome)
        } else {
            hub.publish(LikeQueueEvent(post: post, outcome: event))
        }
    }

    /// A send failed without settling anything: the row stays with one more attempt (`queued`) and the
    /// timer will try again; an intent that could not be kept on disk fails instead.
    private func keep(_ post: PostID, failure: any Error) {
        guard var entry = entries[post] else { return }
        guard entry.durable else {
            settle(
                post, outcome: .failed(serverState: entry.lastReply), event: .refused(serverState: entry.lastReply),
                row: .delete(revision: nil))
            return
        }
        let waiter = entry.waiter
        entry.intent.attempts = min(entry.intent.attempts + 1, Int(Int32.max))
        entry.intent.lastError = QueuedIntent.describe(failure)
        entry.waiter = nil
        entries[post] = entry
        // The wanted state is on disk already; a failed update only loses the count of attempts.
        outbox?.countAttempt(entry.intent, keeping: durableIntents)
        scheduleRetry()
        waiter?.continuation.resume(returning: .queued)
    }

    /// Whether another process deleted the file (a `feed logout`): then every intent of it is
    /// dropped (the screens roll back, nothing more is sent for the user who left) and a new, empty
    /// file is opened for the taps that come after.
    func loggedOutElsewhere() -> Bool {
        guard let outbox, outbox.isGone else { return false }
        // Sends already out change nothing when they answer (as after `deleteAll()`).
        epoch += 1
        stopTimer()
        backoffStep = 0
        for post in Array(entries.keys) { dropped(post) }
        waiting = SendQueue()
        inFlight.removeAll()
        resumeIdleWaiters()
        do {
            try outbox.reopen()
        } catch {
            self.outbox = nil
        }
        return true
    }
}
