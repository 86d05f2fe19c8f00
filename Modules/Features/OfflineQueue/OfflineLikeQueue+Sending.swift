import FeedInterface
import LikesInterface

/// Sending: the slots, the per-post send loop, settling, and the backoff timer.
extension OfflineLikeQueue {
    /// Starts sends for waiting posts while slots are free; wakes `drain()` callers once idle.
    func pump() {
        while inFlight.count < max(1, configuration.parallelSends), let post = waiting.pop() {
            guard entries[post] != nil, !inFlight.contains(post) else { continue }
            inFlight.insert(post)
            let epoch = epoch
            Task { await self.send(post, epoch: epoch) }
        }
        if inFlight.isEmpty && waiting.isEmpty { resumeIdleWaiters() }
    }

    /// Sends until what was sent last is what the user wants, then settles the post.
    func send(_ post: PostID, epoch: Int) async {
        while epoch == self.epoch, let wanted = entries[post]?.intent.wanted {
            let result: Result<LikeResult, any Error>
            do {
                result = .success(try await likes.setLiked(wanted, post: post))
            } catch {
                result = .failure(error)
            }
            // After `deleteAll()` this send is an orphan: its answer changes nothing.
            guard epoch == self.epoch, let entry = entries[post] else { return }
            if case .success(let reply) = result {
                entries[post]?.lastReply = reply
                networkIsBack()
            }
            // The user changed their mind while this request was out: one follow-up with the latest.
            if entry.intent.wanted != wanted { continue }
            switch result {
            case .success(let reply):
                settle(post, outcome: .saved(reply), event: .saved(reply))
            case .failure(let error as LikeError) where !error.isTransient:
                settle(post, outcome: .failed(serverState: entry.lastReply), event: .refused(serverState: entry.lastReply))
            case .failure(let error):
                keep(post, failure: error)
            }
            break
        }
        guard epoch == self.epoch else { return }
        inFlight.remove(post)
        pump()
    }

    /// The post is settled: its row goes, and its outcome goes to the waiting caller, else to `events()`.
    private func settle(_ post: PostID, outcome: LikeOutcome, event: LikeQueueEvent.Outcome) {
        guard let entry = entries.removeValue(forKey: post) else { return }
        // A row that missed the latest tap (it could not be written) is stale: it goes whatever it holds.
        outbox?.delete(post, revision: entry.durable ? entry.intent.revision : nil, keeping: durableIntents)
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
            settle(post, outcome: .failed(serverState: entry.lastReply), event: .refused(serverState: entry.lastReply))
            return
        }
        let waiter = entry.waiter
        entry.intent.attempts = min(entry.intent.attempts + 1, Int(Int32.max))
        entry.intent.lastError = QueuedIntent.describe(failure)
        entry.waiter = nil
        entries[post] = entry
        // The wanted state is on disk already; a failed update only loses the count of attempts.
        _ = outbox?.save(entry.intent, tap: false, keeping: durableIntents)
        scheduleRetry()
        waiter?.continuation.resume(returning: .queued)
    }

    // MARK: - Drain rounds

    /// Queues every pending post that is neither in flight nor waiting, oldest first.
    func enqueueIdle() {
        for entry in sortedEntries() where !inFlight.contains(entry.intent.post) {
            waiting.pushBacklog(entry.intent.post)
        }
    }

    /// A request succeeded, so the network is back: the backoff starts over and everything pending goes.
    private func networkIsBack() {
        stopTimer()
        backoffStep = 0
        if entries.count > inFlight.count + waiting.count { enqueueIdle() }
    }

    /// Arms the timer for the next drain round, one step longer than the last, unless it is armed.
    private func scheduleRetry() {
        guard timer == nil else { return }
        backoffStep += 1
        let delay = configuration.backoff.delay(step: backoffStep, random: configuration.random())
        let sleep = configuration.sleep
        let token = timerToken
        timer = Task { [weak self] in
            await sleep(delay)
            guard !Task.isCancelled else { return }
            await self?.timerFired(token)
        }
    }

    private func timerFired(_ token: Int) {
        guard token == timerToken else { return }
        timer = nil
        timerToken += 1
        enqueueIdle()
        pump()
    }

    func stopTimer() {
        timer?.cancel()
        timer = nil
        timerToken += 1
    }

    func resumeIdleWaiters() {
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
