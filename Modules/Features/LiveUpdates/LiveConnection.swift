import FeedInterface
import Foundation
import LikesInterface
import LiveUpdatesInterface
import Networking
import Observation

/// The one live stream of the app (the feed API's `GET /v1/live`, or its dialect's) while it is wanted: opened, read in bounded
/// memory, and reopened after a capped, jittered backoff when it fails, ends, or sends no byte for
/// `idleTimeout`. After each (re)connect it reads the counts of the posts held again before it
/// applies events; events are coalesced and applied at most once per frame. Each kind of trouble
/// is logged once per run.
@MainActor @Observable
public final class LiveConnection {
    /// Where the stream stands.
    public private(set) var state: LiveState = .paused
    /// Connections opened so far.
    @ObservationIgnored public private(set) var connections = 0
    /// Refetches of counts done so far.
    @ObservationIgnored public private(set) var refetches = 0
    /// Batches of events applied so far (each at most once per frame).
    @ObservationIgnored public private(set) var batches = 0
    /// Events taken in so far.
    @ObservationIgnored public private(set) var events = 0

    @ObservationIgnored private let http: any HTTPClient
    @ObservationIgnored let dialect: any LiveStreamDialect
    @ObservationIgnored private let timings: LiveTimings
    @ObservationIgnored let targets: LiveTargets
    @ObservationIgnored let sleep: @Sendable (Duration) async throws -> Void
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private var lastID = 0
    @ObservationIgnored private var logged: Set<String> = []
    @ObservationIgnored var counting = false
    /// An event asked for a count while one was under way (or resting): one more follows.
    @ObservationIgnored var countWanted = false
    /// Posts changed on the server whose hearts and counts wait to be read (one read at a time).
    @ObservationIgnored var changedPending: Set<PostID> = []
    @ObservationIgnored var readingChanged = false
    /// Reads of the counts under way (after a (re)connect or a gap): not settled yet.
    @ObservationIgnored private var refetching = 0
    @ObservationIgnored var isOff = false
    @ObservationIgnored private var inbox: LiveInbox?
    /// The connection whose frames apply events now: open, its loop not reading counts (a cancelled
    /// connection still finishing never takes this from the next one).
    @ObservationIgnored private var frames: (inbox: LiveInbox, doorbell: Doorbell)?
    @ObservationIgnored private var lastEvent = ContinuousClock.now

    /// A stream over `http` in `dialect` (the feed API's when nil) that changes `targets`; `sleep`
    /// waits out the backoff and the idle checks.
    public init(
        http: any HTTPClient, dialect: (any LiveStreamDialect)? = nil, timings: LiveTimings = LiveTimings(), targets: LiveTargets,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.http = http
        self.dialect = dialect ?? FeedLiveDialect(http: http)
        self.timings = timings
        self.targets = targets
        self.sleep = sleep
    }

    /// Opens the stream (`true`) or closes it (`false`: paused).
    public func setWanted(_ wanted: Bool) {
        guard !isOff else { return }
        if wanted {
            guard task == nil else { return }
            state = .connecting
            task = Task { [weak self] in await self?.run() }
        } else {
            close(as: .paused)
        }
    }

    /// Closes the stream for good (the flag was switched off).
    public func stop() {
        close(as: .off)
        isOff = true
    }

    /// Waits until the stream is open with the counts read again, what it received is applied and it
    /// stayed quiet for `quiet` (so the events of likes just made have landed), by `timeout` at the
    /// latest; at once while paused or off. A stream coming back is waited for: until its read, a
    /// pushed count may be older than a like settled since. Returns whether it settled.
    public func settle(timeout: Duration, quiet: Duration = .milliseconds(150)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while state == .open || state == .connecting || state == .retrying {
            let caughtUp = state == .open && refetching == 0 && ContinuousClock.now - lastEvent >= quiet && inbox?.hasPending != true
            if caughtUp { return true }
            guard ContinuousClock.now < deadline else { return false }
            do { try await sleep(timings.frame) } catch { return false }
        }
        return true
    }

    private func close(as state: LiveState) {
        frames = nil
        task?.cancel()
        task = nil
        targets.relay.setPushing(false)
        self.state = state
    }

    private func run() async {
        var failures = 0
        while !Task.isCancelled {
            state = failures == 0 ? .connecting : .retrying
            let opened = await connectOnce()
            targets.relay.setPushing(false)
            guard !Task.isCancelled else { return }
            // Only a stream that stayed open a while starts the backoff over: one that opens and
            // closes at once is a failure like any other, or it would be reopened (and its counts
            // read again) every half second for ever.
            let healthy = opened.map { ContinuousClock.now - $0 >= timings.healthyAfter } ?? false
            failures = healthy ? 1 : failures + 1
            state = .retrying
            let backoff = LiveBackoff(base: timings.backoff, cap: timings.maxBackoff)
            let wait = backoff.wait(after: failures, random: Double.random(in: 0...1))
            targets.reconnecting(failures, wait)
            do { try await sleep(wait) } catch { return }
        }
    }

    /// One connection, until it fails, ends or is cancelled; returns when it opened, if it did.
    private func connectOnce() async -> ContinuousClock.Instant? {
        // The loop wakes for the open, a failure, the end, a gap and the idle check; a frame's
        // events are applied by the frame ticker, with no task resumed.
        let doorbell = Doorbell()
        let ticker = FrameTicker(frame: timings.frame) { [weak self] in self?.applyFrame() }
        let resumedAfter = lastID
        let dialect = dialect
        let inbox = LiveInbox(
            lastID: lastID, maxBytes: max(timings.maxLineBytes, dialect.maxMessageBytes ?? 0), decode: { dialect.decode(event: $0, data: $1) }, signal: { doorbell.ring() },
            pending: { ticker.ring() })
        self.inbox = inbox
        let (path, query) = dialect.stream(after: lastID, newestShown: targets.newestShown())
        let (http, request) = (http, HTTPRequest(method: .get, pathSegments: path, query: query))
        connections += 1
        let stream = Task.detached { () -> HTTPError? in
            defer { inbox.finish() }
            do throws(HTTPError) {
                try await http.stream(request) { inbox.receive($0) }
                return nil
            } catch {
                return error
            }
        }
        let idleCheck = min(timings.idleTimeout / 4, .seconds(1))
        let idle = Task { [sleep] in
            while !Task.isCancelled {
                do { try await sleep(idleCheck) } catch { return }
                doorbell.ring()
            }
        }
        var openedAt: ContinuousClock.Instant?
        while true {
            await doorbell.wait()
            if Task.isCancelled { break }
            if openedAt == nil && inbox.isOpen && inbox.failure == nil {
                openedAt = .now
                state = .open
                targets.relay.setPushing(true)
                // Events that came before the refetch are older than what it reads: they apply only
                // to posts it did not read; what comes after applies on top.
                var first = inbox.take()
                let read = await refetch()
                if Task.isCancelled { break }
                first.counts = first.counts.filter { read[$0.key] == nil }
                applyNow(first)
            }
            if openedAt != nil {
                // What came during a read (or was missed) is applied here, then each frame's by the ticker.
                if frames?.inbox === inbox { frames = nil }
                await apply(inbox.take())
                if Task.isCancelled { break }
                frames = (inbox, doorbell)
                if inbox.hasPending { ticker.ring() }
            }
            if inbox.failure != nil || inbox.isFinished { break }
            if ContinuousClock.now - inbox.lastByte > timings.idleTimeout {
                inbox.fail(LiveInbox.Failure(kind: "quiet", line: "the stream sent nothing for \(timings.idleTimeout)"))
                break
            }
        }
        if frames?.inbox === inbox { frames = nil }
        idle.cancel()
        stream.cancel()
        let error = await stream.value
        lastID = inbox.lastID
        if Task.isCancelled { return openedAt }
        if let failure = inbox.failure {
            log(failure.kind, failure.line)
        } else if let error, error != .cancelled {
            if case .status(code: 503, _) = error { targets.refreshFlags() }
            log("http \(error)", "the stream failed: \(error)")
        } else if let openedAt, ContinuousClock.now - openedAt < timings.healthyAfter, inbox.lastID == resumedAfter {
            // Closed at once with nothing in it (a server closing a stream it served is no trouble).
            log("short", "the server ended the stream right after it opened")
        }
        return openedAt
    }

    private func apply(_ batch: LiveInbox.Batch) async {
        var batch = batch
        if batch.missed {
            // The batch came before the read: for a post it read, an event of the batch is older
            // (a like that an unlike after the gap undid) and must not be laid over it.
            let read = await refetch()
            // Closed meanwhile: what came before the read is stale, and the next connection reads again.
            if Task.isCancelled { return }
            batch.counts = batch.counts.filter { read[$0.key] == nil }
        }
        applyNow(batch)
    }

    /// A frame's events, on the main actor: applied at once, unless the loop is reading the counts
    /// again or some were missed (then the loop applies them, after its read).
    private func applyFrame() {
        guard let frames else { return }
        guard let batch = frames.inbox.takeUnlessMissed() else { return frames.doorbell.ring() }
        applyNow(batch)
    }

    private func applyNow(_ batch: LiveInbox.Batch) {
        events += batch.events
        guard batch.events > 0 || batch.missed else { return }
        lastEvent = .now
        batches += 1
        if !batch.counts.isEmpty { for store in targets.stores() { store.updateServerLikes(batch.counts) } }
        if let posts = batch.newPosts { newPosts(posts) }
        if !batch.deleted.isEmpty { targets.deleted(batch.deleted) }
        if !batch.changed.isEmpty { readChanged(batch.changed) }
        if batch.flags != nil { targets.refreshFlags() }
    }

    /// Reads the counts of the posts on screen, then of the others held, again (after a (re)connect or a
    /// gap), up to `refetchLimit`; a failure leaves the events to catch up.
    @discardableResult
    private func refetch() async -> [PostID: LikeResult] {
        refetching += 1
        defer { refetching -= 1 }
        var seen = Set<PostID>()
        var ids: [PostID] = []
        let limit = min(timings.refetchLimit, max(0, dialect.countsLimit))
        // The rows on screen first: with thousands of posts held, they are the counts the reader sees.
        for id in targets.onScreen() where ids.count < limit && seen.insert(id).inserted { ids.append(id) }
        for store in targets.stores() {
            for id in store.heldPosts(limit: limit) where ids.count < limit && seen.insert(id).inserted { ids.append(id) }
        }
        guard !ids.isEmpty, let read = try? await dialect.counts(of: ids), !Task.isCancelled else { return [:] }
        let counts = read.mapValues { LikeResult(liked: $0.liked, likeCount: $0.likeCount, version: $0.version) }
        refetches += 1
        for store in targets.stores() { store.updateServerLikes(counts) }
        return counts
    }

    private func log(_ kind: String, _ line: String) {
        guard logged.insert(kind).inserted else { return }
        targets.warn("feed: live updates: \(line); reconnecting with backoff (the rest stays as it is)")
    }
}
