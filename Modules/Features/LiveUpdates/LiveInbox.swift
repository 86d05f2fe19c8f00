import FeedInterface
import Foundation
import LikesInterface
import LiveUpdatesInterface
import SafeText
import Synchronization

/// What one connection received, shared between the HTTP client's thread (which parses and decodes
/// bytes as they come, outside the shared lock) and the main actor (which takes what is pending
/// once per frame, never waiting on a parse). Pending counts are
/// coalesced by post, so a flood costs one entry per post, never one per event; past
/// `maxPending` posts the rest are dropped and marked as missed (a refetch makes up for them).
final class LiveInbox: Sendable {
    /// What is pending, taken at once.
    struct Batch: Sendable {
        var counts: [PostID: LikeResult] = [:]
        var newPosts: (newest: PostID, count: Int?, above: PostID?)?
        var flags: [String: Bool]?
        /// Posts deleted on the server, in the order heard (at most `maxPending`).
        var deleted: [PostID] = []
        /// Posts whose heart and count are to be read again (at most `maxPending`; past it, all are).
        var changed: Set<PostID> = []
        /// Something was missed (a gap in the IDs, a reset, or too many posts at once): read the counts again.
        var missed = false
        var events = 0
    }

    /// Why the connection must be dropped, as one line for the log.
    struct Failure: Error, Hashable, Sendable {
        /// A kind, so that the log says each only once.
        let kind: String
        let line: String
    }

    private struct Inner {
        var lastID: Int
        var batch = Batch()
        var failure: Failure?
        var receivedAny = false
        var lastByte = ContinuousClock.now
        var finished = false
    }

    /// The most posts whose counts wait at once.
    static let maxPending = 10_000

    private let inner: Mutex<Inner>
    /// Fed by the client's thread only: its lock is never waited on by the main actor.
    private let parser: Mutex<SSEParser>
    private let signal: @Sendable () -> Void
    private let pending: @Sendable () -> Void
    private let decode: @Sendable (_ event: String, _ data: String) -> LiveDecoding

    /// An inbox resuming after event `lastID`, with lines and events of at most `maxBytes`, each
    /// message read by `decode` (the feed API's events unless told); `signal` is called (from any
    /// thread) when the first byte comes, the stream fails or ends, and `pending` when something
    /// becomes pending (once until it is taken).
    init(
        lastID: Int, maxBytes: Int, decode: @escaping @Sendable (_ event: String, _ data: String) -> LiveDecoding = LiveEventDecoder.decode,
        signal: @escaping @Sendable () -> Void, pending: @escaping @Sendable () -> Void = {}
    ) {
        inner = Mutex(Inner(lastID: lastID))
        parser = Mutex(SSEParser(maxBytes: maxBytes))
        self.decode = decode
        self.signal = signal
        self.pending = pending
    }

    /// Bytes from the stream (on the client's thread); `false` stops the stream.
    func receive(_ bytes: Data) -> Bool {
        // Parse and decode first, holding only the parser's lock; then take the results in at once.
        var messages: [(id: String?, outcome: LiveDecoding)] = []
        let decode = decode
        let problem = parser.withLock { parser -> Failure? in
            do throws(SSEParser.Problem) {
                try parser.feed(bytes) { messages.append(($0.id, decode($0.event, $0.data))) }
                return nil
            } catch {
                switch error {
                case .lineTooLong(let limit): return Failure(kind: "line", line: "the server sent a line longer than \(limit / 1024) KB")
                case .eventTooLarge(let limit): return Failure(kind: "event", line: "the server sent an event larger than \(limit / 1024) KB")
                }
            }
        }
        let (keep, wake, became) = inner.withLock { inner -> (Bool, Bool, Bool) in
            guard inner.failure == nil else { return (false, false, false) }
            let (first, before) = (!inner.receivedAny, inner.batch.events > 0 || inner.batch.missed)
            inner.receivedAny = true
            inner.lastByte = .now
            for message in messages { Self.take(message.id, message.outcome, into: &inner) }
            if inner.failure == nil, let problem { inner.failure = problem }
            let now = inner.batch.events > 0 || inner.batch.missed
            return (inner.failure == nil, first || inner.failure != nil, now && !before)
        }
        if wake { signal() }
        if became { pending() }
        return keep
    }

    /// The stream ended (the server closed it, or it failed).
    func finish() {
        inner.withLock { $0.finished = true }
        signal()
    }

    /// Takes what is pending.
    func take() -> Batch {
        inner.withLock { inner in
            defer { inner.batch = Batch() }
            return inner.batch
        }
    }

    /// Whether events wait to be taken.
    var hasPending: Bool { inner.withLock { $0.batch.events > 0 || $0.batch.missed } }
    /// Takes what is pending unless some of it was missed (then it stays, for a read of the counts
    /// first): `nil` then. One lock: a gap found while a frame takes cannot slip past it.
    func takeUnlessMissed() -> Batch? {
        inner.withLock { inner in
            guard !inner.batch.missed else { return nil }
            defer { inner.batch = Batch() }
            return inner.batch
        }
    }
    /// Whether any byte came yet (the stream is open).
    var isOpen: Bool { inner.withLock { $0.receivedAny } }
    /// Whether the stream ended.
    var isFinished: Bool { inner.withLock { $0.finished } }
    /// Why the stream was dropped, if the stream itself was at fault.
    var failure: Failure? { inner.withLock { $0.failure } }
    /// The last event ID taken in: where the next connection resumes.
    var lastID: Int { inner.withLock { $0.lastID } }
    /// When the last byte came (the open, if none).
    var lastByte: ContinuousClock.Instant { inner.withLock { $0.lastByte } }

    /// Fails the stream from outside (it went quiet).
    func fail(_ failure: Failure) { inner.withLock { if $0.failure == nil { $0.failure = failure } } }

    private static func take(_ id: String?, _ outcome: LiveDecoding, into inner: inout Inner) {
        guard inner.failure == nil else { return }
        if let text = id {
            // A reset may go back, to 0 too: a restarted server (or one that never sent our last
            // ID, after a flood of made-up ones) starts over, with no event yet.
            let isReset = if case .event(.reset) = outcome { true } else { false }
            guard let id = Int(text), id > 0 || (isReset && id == 0) else {
                // The ID is the server's: shown escaped, never raw (it may carry a terminal's escape sequences).
                inner.failure = Failure(
                    kind: "id", line: "the server sent an event id that is not a number from 1 to \(Int.max) (\(SafeText.escaped(text, limit: 24)))")
                return
            }
            guard id > inner.lastID || isReset else {
                inner.failure = Failure(kind: "backwards", line: "the server's event ids went backwards (\(id) after \(inner.lastID))")
                return
            }
            // A gap: compared without `lastID + 1`, which overflows after an ID of Int.max.
            if inner.lastID > 0 && id > inner.lastID && id - inner.lastID > 1 { inner.batch.missed = true }
            inner.lastID = id
        }
        switch outcome {
        case .skipped:
            return
        case .malformed(let what):
            inner.failure = Failure(kind: "malformed", line: "the server sent \(what)")
        case .event(let event):
            inner.batch.events += 1
            switch event {
            case .likes(let post, let count, let liked, let version):
                if inner.batch.counts[post] == nil && inner.batch.counts.count >= maxPending {
                    inner.batch.missed = true
                } else if let pending = inner.batch.counts[post], LikeResult(liked: liked, likeCount: count, version: version).isOlder(than: pending) {
                    // Events of one post may come out of order: the newer pair stays.
                } else {
                    inner.batch.counts[post] = LikeResult(liked: liked, likeCount: count, version: version)
                }
            case .newPosts(let newest, let count, let above):
                inner.batch.newPosts = (newest, count, above)
            case .flags(let flags):
                inner.batch.flags = flags
            case .reset(let latest):
                inner.lastID = latest
                inner.batch.missed = true
                inner.batch.counts = [:]
            case .changed(let post):
                if inner.batch.changed.count >= maxPending { inner.batch.missed = true } else { inner.batch.changed.insert(post) }
            case .deleted(let post):
                // A deletion past the bound is dropped: the post stays until the next refresh shows it gone.
                if inner.batch.deleted.count < maxPending { inner.batch.deleted.append(post) }
                inner.batch.counts[post] = nil
            }
        }
    }
}
