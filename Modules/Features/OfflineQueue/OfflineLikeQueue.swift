import Database
import FeedInterface
import Foundation
import LikesInterface
import TelemetryInterface

/// The like use case of `persistent-like-queue`: every tap is committed to a durable outbox (SQLite,
/// WAL, `synchronous=FULL`, one row per post, the latest wanted state wins) before the first request
/// for it leaves, so likes made offline survive a crash or a power loss and are sent later.
///
/// The rule of `SerialLikePostUseCase` holds: one request per post in flight, the latest wanted state
/// wins (a tap during a request makes one follow-up), counts come from the server's reply, and sends
/// run in their own tasks (a cancelled caller stops waiting; the like still goes out). A send that
/// succeeds marks the row settled (`saved`), a tombstone kept an hour; one refused for good deletes
/// it (`failed`); any other failure keeps it (`queued`) for the drain: at `start()`, after any
/// success, on a capped backoff timer with jitter, and on `drain()`. Likes that settle with no caller
/// waiting are published by `events()`.
///
/// The file, not this process, holds the intent: any number of processes may share it. Each tap takes
/// the file's next revision in the transaction that writes its row; before each request the row is
/// read again (a newer intent is adopted, one settled elsewhere settles here unsent, a missing one
/// stops), and after each answer too (a newer revision wanting the other state is sent, even when
/// another process settled it, since its request may have landed before ours). Drain rounds take in
/// the intents other processes left.
///
/// An actor owning one `Connection` on a thread of its own (`DatabaseExecutor`). One file per server
/// and user (the host passes its URL; the file also records `owner` and refuses another). A corrupt
/// or foreign file is moved aside with one warning; never a crash. App-scoped: one per process.
public actor OfflineLikeQueue: QueuedLikePostUseCase {
    typealias Waiter = (id: Int, continuation: CheckedContinuation<LikeOutcome, Never>)

    /// A post's intent and what is going on with it in this run.
    struct Entry {
        var intent: QueuedIntent
        /// Whether the intent's latest state is on disk.
        var durable: Bool
        /// The latest caller, waiting for this post's outcome.
        var waiter: Waiter?
        /// The server's latest reply for this post in this run.
        var lastReply: LikeResult?
        /// The tap could not be written yet (another process held the file's lock): no request
        /// leaves for it until it is on disk (or the disk refuses it for another reason).
        var awaitingWrite = false
    }

    let likes: any LikesRepository
    let configuration: OfflineQueueConfiguration
    let hub = EventHub()
    private let executor: DatabaseExecutor
    var outbox: Outbox?
    var entries: [PostID: Entry] = [:]
    var waiting = SendQueue()
    var inFlight: Set<PostID> = []
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    var backoffStep = 0
    var timer: Task<Void, Never>?
    var timerToken = 0
    /// Grows at `deleteAll()`: sends started before it change nothing after it.
    var epoch = 0
    /// Whether the file was read again since the queue was last idle (a success reads it once).
    var refreshedWhileBusy = false
    /// When tombstones were last purged.
    var lastPurge: Date?
    private var lastWaiter = 0
    private var started = false

    /// How long a settled row stays in the file, for other processes holding an older intent of its post.
    static let tombstoneLifetime: TimeInterval = 3_600

    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private init(likes: any LikesRepository, configuration: OfflineQueueConfiguration) {
        self.likes = likes
        self.configuration = configuration
        self.executor = DatabaseExecutor(name: "like-queue")
    }

    deinit {
        timer?.cancel()
    }

    /// Opens the queue whose outbox is the file at `url` (created 0600 in a 0700 directory if
    /// missing), holding the likes of `owner` (the server and user, as the host names them) and
    /// sending them through `likes`. An unreadable, foreign or other-owner file is moved aside after
    /// one line to `warn`. Nothing is sent before a tap, `start()` or `drain()`. Throws only when
    /// the file cannot be created or opened at all. Every write the outbox could not make is
    /// tracked on `telemetry` (`store_write` of the outbox, failed).
    public static func open(
        at url: URL, owner: String, likes: any LikesRepository, configuration: OfflineQueueConfiguration = .init(),
        warn: @escaping @Sendable (String) -> Void, telemetry: TelemetryTracker = .none
    ) async throws(OfflineQueueError) -> OfflineLikeQueue {
        let queue = OfflineLikeQueue(likes: likes, configuration: configuration)
        try await queue.connect(url: url, owner: owner, warn: warn, telemetry: telemetry)
        return queue
    }

    private func connect(
        url: URL, owner: String, warn: @escaping @Sendable (String) -> Void, telemetry: TelemetryTracker
    ) throws(OfflineQueueError) {
        let outbox = try Outbox(url: url, owner: owner, warn: warn, telemetry: telemetry)
        for intent in outbox.load(limit: max(0, configuration.capacity)) {
            entries[intent.post] = Entry(intent: intent, durable: true)
        }
        // Reads only: an open never waits for another process's write lock. Old tombstones are
        // purged by the first drain round (a write, off the start-up path).
        self.outbox = outbox
    }

    /// Deletes the outbox file at `url`, its companions and any copy moved aside, for a logout while
    /// no queue is open on it. Missing files are fine.
    public static func deleteFile(at url: URL) throws(OfflineQueueError) {
        do {
            try DatabaseFiles.delete(url)
        } catch {
            throw .cannotDelete(url, reason: "\(error)")
        }
    }

    // MARK: - Taps

    public func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome {
        await setLiked(liked, post: post, before: nil)
    }

    public func setLiked(
        _ liked: Bool, post: PostID, before: LikeResult?, recorded: @escaping @Sendable () -> Void
    ) async -> LikeOutcome {
        guard PostLimits.idBytes.contains(post.rawValue.utf8.count) else {
            recorded()
            return .failed(serverState: nil)
        }
        let durable = record(liked, post: post, before: before)
        recorded()
        if !inFlight.contains(post) {
            waiting.pushUrgent(post)
            pump()
        }
        lastWaiter += 1
        let id = lastWaiter
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled || entries[post] == nil {
                    continuation.resume(returning: durable ? .queued : .superseded)
                } else {
                    entries[post]?.waiter = (id, continuation)
                }
            }
        } onCancel: {
            Task { await self.stopWaiting(post, id: id) }
        }
    }

    /// As `setLiked(_:post:before:recorded:)` when `post` has an intent waiting, in this process or
    /// in the file; else `nil`, with nothing recorded. Once the follow-up is switched off, such a post
    /// keeps going through the queue (its row is updated, so the order of its taps holds).
    public func setLikedIfWaiting(
        _ liked: Bool, post: PostID, before: LikeResult?, recorded: @escaping @Sendable () -> Void
    ) async -> LikeOutcome? {
        guard hasIntent(post) else { return nil }
        return await setLiked(liked, post: post, before: before, recorded: recorded)
    }

    /// Whether `post` has an intent not yet settled, here or in the file.
    private func hasIntent(_ post: PostID) -> Bool {
        if entries[post] != nil { return true }
        if case .waiting = outbox?.row(of: post) { return true }
        return false
    }

    /// Commits the tap before any request for it leaves; returns whether it is kept on disk.
    private func record(_ liked: Bool, post: PostID, before: LikeResult?) -> Bool {
        var entry: Entry
        let checked = before.flatMap { PostLimits.likeCount.contains($0.likeCount) ? $0 : nil }
        if var existing = entries[post] {
            existing.waiter?.continuation.resume(returning: .superseded)
            existing.waiter = nil
            existing.intent.wanted = liked
            existing.intent.before = existing.intent.before ?? checked
            existing.intent.revision += 1
            entry = existing
        } else {
            let intent = QueuedIntent(
                post: post, wanted: liked, before: checked, queuedAt: configuration.now(), attempts: 0, lastError: nil, revision: 1)
            entry = Entry(intent: intent, durable: entries.count < configuration.capacity)
        }
        entries[post] = entry
        // Once an intent could not be kept, its row may be stale: it stays in memory only until it settles.
        guard entry.durable else { return false }
        // The row on disk decides: it may hold another process's intent for this post, and it gives the revision.
        let written = outbox?.tap(
            liked, post: post, before: checked, now: configuration.now(), fallback: entry.intent, keeping: durableIntents)
        if let written {
            entries[post]?.intent = written
            entries[post]?.awaitingWrite = false
        } else {
            entries[post]?.durable = false
            // A lock another process holds is a wait, not a loss: the tap is written before it is sent.
            entries[post]?.awaitingWrite = outbox?.lastWriteWasBusy == true
        }
        return written != nil
    }

    /// Writes the tap of `post` that a lock kept off the disk; returns whether a request may leave
    /// for it now (written, or refused by the disk for good: it goes unkept, as any unkept tap).
    func writeAwaited(_ post: PostID) -> Bool {
        guard let entry = entries[post], entry.awaitingWrite, let outbox else { return true }
        let intent = entry.intent
        if let written = outbox.tap(
            intent.wanted, post: post, before: intent.before, now: configuration.now(), fallback: intent, keeping: durableIntents)
        {
            entries[post]?.intent = written
            entries[post]?.durable = true
            entries[post]?.awaitingWrite = false
            return true
        }
        guard outbox.lastWriteWasBusy else {
            entries[post]?.awaitingWrite = false
            return true
        }
        return false
    }

    /// The caller `id` was cancelled: it stops waiting; the send goes on.
    private func stopWaiting(_ post: PostID, id: Int) {
        guard let entry = entries[post], let waiter = entry.waiter, waiter.id == id else { return }
        entries[post]?.waiter = nil
        waiter.continuation.resume(returning: entry.durable ? .queued : .superseded)
    }

    // MARK: - Draining and forgetting

    /// Starts draining what earlier runs saved, without waiting for it. Calling it again does nothing.
    public func start() {
        guard !started else { return }
        started = true
        Task { await self.drain() }
    }

    /// Sends every pending intent now (refresh, retry) and returns when no send is left in flight.
    public func drain() async {
        enqueueIdle()
        pump()
        await waitUntilIdle()
    }

    /// Returns when no send is in flight or waiting for a slot.
    func waitUntilIdle() async {
        if inFlight.isEmpty && waiting.isEmpty { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Forgets every intent (logout): the rows are deleted and overwritten, copies moved aside are
    /// removed, the timer stops, waiting callers get `superseded`, and sends already out change
    /// nothing when they answer. The queue stays usable.
    public func deleteAll() throws(OfflineQueueError) {
        epoch += 1
        stopTimer()
        backoffStep = 0
        let waiters = entries.values.compactMap(\.waiter)
        entries.removeAll()
        waiting = SendQueue()
        inFlight.removeAll()
        for waiter in waiters { waiter.continuation.resume(returning: .superseded) }
        resumeIdleWaiters()
        try outbox?.deleteAll()
    }

    // MARK: - Helpers

    /// For tests: the outbox connection's `PRAGMA synchronous` (1 = NORMAL, 2 = FULL).
    func synchronousForTesting() -> Int? { outbox?.synchronousForTesting() }

    /// For tests: the outbox file refuses to grow by more than `pages` pages, as a full disk would.
    func limitGrowthForTesting(toPages pages: Int) throws {
        try outbox?.limitGrowthForTesting(toPages: pages)
    }

    func sortedEntries() -> [Entry] {
        entries.values.sorted { ($0.intent.queuedAt, $0.intent.post) < ($1.intent.queuedAt, $1.intent.post) }
    }

    /// Every intent that is on disk, to save again into a file started over.
    func durableIntents() -> [QueuedIntent] {
        entries.values.filter(\.durable).map(\.intent)
    }
}
