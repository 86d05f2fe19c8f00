import FeedInterface
import LikesInterface

/// The queue's drain rounds: what waits is queued again, the file re-read, a retry scheduled with backoff.
extension OfflineLikeQueue {
    /// A drain round: reads the file again, then queues every pending post that is neither in flight
    /// nor waiting, oldest first.
    func enqueueIdle() {
        refreshFromDisk()
        queueIdle()
    }

    private func queueIdle() {
        for entry in sortedEntries() where !inFlight.contains(entry.intent.post) {
            waiting.pushBacklog(entry.intent.post)
        }
    }

    /// Takes in the intents the file holds (other processes' too, up to the capacity; a newer revision
    /// replaces this process's), settles here the entries whose row was settled or dropped elsewhere,
    /// and at most once a minute purges the tombstones older than `tombstoneLifetime`.
    func refreshFromDisk() {
        refreshedWhileBusy = true
        if loggedOutElsewhere() { return }
        guard let outbox else { return }
        let now = configuration.now()
        if lastPurge.map({ abs(now.timeIntervalSince($0)) >= 60 }) ?? true {
            outbox.purge(settledBefore: now.addingTimeInterval(-Self.tombstoneLifetime), keeping: durableIntents)
            lastPurge = now
        }
        guard let rows = outbox.waitingIntents(limit: max(0, configuration.capacity)) else { return }
        var seen: Set<PostID> = []
        for row in rows {
            seen.insert(row.post)
            if let entry = entries[row.post] {
                if entry.durable && row.revision > entry.intent.revision { entries[row.post]?.intent = row }
            } else if entries.count < configuration.capacity {
                entries[row.post] = Entry(intent: row, durable: true)
            }
        }
        for (post, entry) in entries where entry.durable && !seen.contains(post) && !inFlight.contains(post) {
            switch check(post) {
            case .current: break
            case .dropped: dropped(post)
            case .settled(let reply): settle(post, outcome: .saved(reply), event: .saved(reply), row: .keep)
            }
        }
    }

    /// A request succeeded, so the network is back: the backoff starts over and everything pending
    /// goes, with what the file holds (read once while the queue is busy).
    func networkIsBack() {
        stopTimer()
        backoffStep = 0
        if !refreshedWhileBusy { refreshFromDisk() }
        if entries.count > inFlight.count + waiting.count { queueIdle() }
    }

    /// Arms the timer for the next drain round, one step longer than the last, unless it is armed.
    func scheduleRetry() {
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
