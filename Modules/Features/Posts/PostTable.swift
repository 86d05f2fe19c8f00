import FeedInterface
import LikesInterface
import PostStoreInterface

/// The contents of `InMemoryPostStore` as one value, and its rules: posts by ID as the server last
/// said, held by screens; the heart overlay of unsettled likes; and the likes that settled, with
/// when, so a page requested before a like settled cannot undo it.
struct PostTable: Sendable {
    private var entries: [PostID: PostTableEntry] = [:]
    private var overlays: [PostID: LikeOverlay] = [:]
    /// The settled likes of posts no longer kept.
    private var settledGone = SettledLikes()
    private var lastStamp = 0
    private var lastTap = 0
    /// Taps handed to a like use case that records them first, not yet recorded.
    private var unrecorded: Set<Int> = []
    private var recordedWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates an empty table.
    init() {}

    /// How many posts are kept (held, or with a like in flight).
    var count: Int { entries.count }

    /// How many likes are unsettled.
    var unsettledCount: Int { overlays.count }

    /// How many likes are saved on this device and not yet on the server.
    var pendingCount: Int { overlays.values.count { $0.pending } }

    /// Whether the like of `id` is saved on this device and not yet on the server.
    func isPending(_ id: PostID) -> Bool { overlays[id]?.pending ?? false }

    /// A new stamp, later than every stamp and settled like before it.
    mutating func stamp() -> PostStamp {
        lastStamp += 1
        return PostStamp(lastStamp)
    }

    /// The post as shown: the wanted heart laid over while its like is unsettled.
    func post(_ id: PostID) -> Post? {
        entries[id].map { shown($0.post) }
    }

    /// `post` with the wanted heart of its unsettled like laid over.
    private func shown(_ post: Post) -> Post {
        guard let overlay = overlays[post.id] else { return post }
        var post = post
        post.like = LikeState(overlay.wanted)
        post.likeCount = overlay.shownCount
        return post
    }

    /// Takes in a page requested at `stamp`, holds each post once, and returns them as shown. A
    /// heart the page does not know (its likes read failed) keeps the one already known here.
    mutating func receive(_ incoming: [Post], requestedAt stamp: PostStamp) -> [Post] {
        incoming.map { page in
            var entry = entries[page.id] ?? PostTableEntry(post: page, settled: settledGone.take(page.id))
            if entry.version == nil { entry.saw(entry.settled?.result.version) }
            var server = Self.settledOver(page, entry.settled, requestedAt: stamp)
            // The page (or a like settled since) told a heart with its count: a pair from one server state.
            let toldPair = server.like != .unknown
            // A page whose likes read failed says nothing about the heart: keep one already known.
            if !toldPair, entry.post.like != .unknown { server.like = entry.post.like }
            if let settled = entry.settled, settled.stamp < stamp { entry.settled = nil }
            entry.post = server
            if page.like != .unknown { entry.heartStamp = max(stamp, entry.heartStamp ?? stamp) }
            entry.holds += 1
            entries[page.id] = entry
            // The rollback pair moves only with a heart and count read together: a heart kept from
            // before with this page's count may mix two server states (an unlike landed between).
            if toldPair, let liked = server.like.isLiked, var overlay = overlays[page.id] {
                overlay.serverLiked = liked
                overlay.serverCount = server.likeCount
                overlays[page.id] = overlay
            }
            return shown(server)
        }
    }

    /// Lays the hearts of a likes read for a page requested at `stamp` over the posts still kept;
    /// returns the posts whose shown heart changed. A like settled after `stamp`, or a heart told
    /// by a later request, stays.
    mutating func receiveLikes(_ liked: Set<PostID>, among ids: [PostID], requestedAt stamp: PostStamp) -> [Post] {
        var changed: [Post] = []
        for id in ids {
            guard var entry = entries[id] else { continue }
            if let settled = entry.settled, settled.stamp >= stamp { continue }
            if let told = entry.heartStamp, told > stamp { continue }
            let before = shown(entry.post)
            let isLiked = liked.contains(id)
            entry.post.like = LikeState(isLiked)
            entry.heartStamp = stamp
            entries[id] = entry
            // The heart of this read pairs with the count of its page (kept in the entry), not with
            // an older count the overlay held.
            if overlays[id] != nil {
                overlays[id]?.serverLiked = isLiked
                overlays[id]?.serverCount = entry.post.likeCount
            }
            let after = shown(entry.post)
            if after.like != before.like || after.likeCount != before.likeCount { changed.append(after) }
        }
        return changed
    }

    /// `incoming` with only the likes settled after `stamp` laid over.
    func settled(_ incoming: [Post], requestedAt stamp: PostStamp) -> [Post] {
        incoming.map { Self.settledOver($0, entries[$0.id]?.settled ?? settledGone[$0.id], requestedAt: stamp) }
    }

    /// Lets go of each post once; a post nobody holds is dropped unless its like is in flight.
    mutating func release(_ ids: [PostID]) {
        for id in ids {
            guard let index = entries.index(forKey: id), entries.values[index].holds > 0 else { continue }
            entries.values[index].holds -= 1
            if entries.values[index].holds == 0, overlays[id] == nil { forget(id) }
        }
    }

    /// Flips the wanted heart of `id`; `nil` when the post is unknown or its heart is unknown.
    mutating func tap(_ id: PostID) -> LikeTap? {
        guard let server = entries[id]?.post, let current = shown(server).like.isLiked else { return nil }
        lastTap += 1
        var overlay = overlays[id]
            ?? LikeOverlay(wanted: current, serverLiked: server.like.isLiked ?? current, serverCount: server.likeCount, latestTap: lastTap)
        overlay.wanted = !current
        overlay.latestTap = lastTap
        overlays[id] = overlay
        let before = LikeResult(liked: overlay.serverLiked, likeCount: overlay.serverCount)
        return LikeTap(post: id, number: lastTap, wanted: overlay.wanted, before: before)
    }

    /// Writes the outcome of `tap`; returns the post as shown now, and what the server is known to
    /// hold (to be saved), when the tap was the latest on its post and settled it; `nil` when a
    /// newer tap reports instead.
    mutating func settle(_ tap: LikeTap, outcome: LikeOutcome) -> (post: Post, settled: LikeResult?)? {
        guard var overlay = overlays[tap.post], overlay.latestTap == tap.number else { return nil }
        let settled: LikeResult?
        switch outcome {
        case .superseded:
            return nil
        case .queued:
            // Saved on this device: the wanted heart stays, laid over every page, until the queue settles it.
            overlays[tap.post]?.pending = true
            return post(tap.post).map { ($0, nil) }
        case .saved(let result), .failed(serverState: .some(let result)):
            settled = result
        case .reread(let liked):
            // The read back says which heart the server holds, not its count: move the count by one.
            overlay.wanted = liked
            settled = LikeResult(liked: liked, likeCount: overlay.shownCount)
        case .failed(serverState: nil):
            settled = nil
        }
        entries[tap.post]?.post.like = LikeState(settled?.liked ?? overlay.serverLiked)
        entries[tap.post]?.post.likeCount = settled?.likeCount ?? overlay.serverCount
        // Kept even for a post no page has brought yet (a like queued by an earlier run settling
        // before the first page): that page, requested before, must not undo it.
        if let settled { remember(settled, for: tap.post) }
        overlays[tap.post] = nil
        guard let entry = entries[tap.post] else { return nil }
        if entry.holds == 0 { forget(tap.post) }
        return (shown(entry.post), settled)
    }

    /// A queued like settled later: saved (if it is what is wanted now) or refused (roll back);
    /// returns the post as shown now and what the server holds, or `nil` when nothing changed.
    mutating func settleQueued(_ event: LikeQueueEvent) -> (post: Post, settled: LikeResult?)? {
        guard let overlay = overlays[event.post], overlay.pending else { return nil }
        let tap = LikeTap(post: event.post, number: overlay.latestTap, wanted: overlay.wanted, before: LikeResult(liked: overlay.serverLiked, likeCount: overlay.serverCount))
        switch event.outcome {
        case .saved(let result) where result.liked == overlay.wanted:
            return settle(tap, outcome: .saved(result))
        case .saved:
            // A newer tap wants the other heart: it settles on its own.
            return nil
        case .refused(let serverState):
            return settle(tap, outcome: .failed(serverState: serverState))
        }
    }

    /// Lays likes saved by an earlier run over the posts when they come (before any page is shown).
    mutating func restorePending(_ likes: [PendingLike]) {
        for like in likes where overlays[like.post] == nil {
            let before = like.before ?? LikeResult(liked: !like.wanted, likeCount: 0)
            overlays[like.post] = LikeOverlay(wanted: like.wanted, serverLiked: before.liked, serverCount: before.likeCount, latestTap: 0, pending: true)
        }
    }

    /// Up to `limit` of the posts screens hold.
    func heldPosts(limit: Int) -> [PostID] { entries.lazy.filter { $0.value.holds > 0 }.prefix(max(0, limit)).map(\.key) }

    /// The server holds `result` for held post `id` now; returns the heart and count shown when that
    /// changed them, with `result` as what may be saved when no like is unsettled. An unsettled
    /// like's overlay takes the pair (the heart and count it rolls back to and counts from); with
    /// none, a page requested before cannot undo it.
    mutating func updateServerLike(_ id: PostID, to result: LikeResult) -> (shown: LikeResult, settled: LikeResult?)? {
        // One lookup, and the entry changed where it is (not copied out): a stream may send thousands a second.
        guard result.likeCount >= 0, let index = entries.index(forKey: id) else { return nil }
        // Older than a pair the server told already (a reply to a like settled since, an event
        // that came late): the server holds something newer, so this one changes nothing.
        if let known = entries.values[index].version, let version = result.version, version < known { return nil }
        var overlay = overlays[id]
        // Newer than any likes read in flight: an older read must not pair its heart with this count.
        let now = PostStamp(lastStamp + 1)
        guard let old = entries.values[index].push(result, at: now, settles: overlay == nil) else { return nil }
        lastStamp = now.value
        let before = overlay.map { LikeResult(liked: $0.wanted, likeCount: $0.shownCount) } ?? old
        if overlay != nil {
            overlay?.serverLiked = result.liked
            overlay?.serverCount = result.likeCount
            overlays[id] = overlay
        }
        let after = overlay.map { LikeResult(liked: $0.wanted, likeCount: $0.shownCount) } ?? result
        guard after != before else { return nil }
        return (after, overlay == nil ? result : nil)
    }

    /// `tap` went to a like use case that records it before sending (`persistent-like-queue`).
    mutating func handOver(_ tap: LikeTap) { unrecorded.insert(tap.number) }

    /// `tap` is recorded (or its use case returned); a second call changes nothing.
    mutating func recorded(_ tap: LikeTap) {
        guard unrecorded.remove(tap.number) != nil, unrecorded.isEmpty else { return }
        let waiters = recordedWaiters
        recordedWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Whether every tap handed over is recorded.
    var allTapsRecorded: Bool { unrecorded.isEmpty }

    /// Resumes `waiter` once every tap handed over is recorded (at once when they are).
    mutating func whenTapsRecorded(_ waiter: CheckedContinuation<Void, Never>) {
        if unrecorded.isEmpty { waiter.resume() } else { recordedWaiters.append(waiter) }
    }

    /// Forgets every post and overlay; outcomes of taps made before change nothing.
    mutating func removeAll() {
        entries.removeAll()
        overlays.removeAll()
        settledGone.removeAll()
    }

    /// `page` with the heart and count of `settled` when it settled after `stamp`.
    private static func settledOver(_ page: Post, _ settled: SettledLike?, requestedAt stamp: PostStamp) -> Post {
        guard let settled, settled.stamp >= stamp else { return page }
        var post = page
        post.like = LikeState(settled.result.liked)
        post.likeCount = settled.result.likeCount
        return post
    }

    /// Forgets a post nobody holds. What settled for it stays: a page requested before the like
    /// settled may still come (a screen opened while the like was in flight) and must not undo it.
    private mutating func forget(_ id: PostID) {
        guard let entry = entries.removeValue(forKey: id), let settled = entry.settled else { return }
        settledGone.keep(settled, for: id)
    }

    /// Keeps `result` as settled now, for pages requested before: with the post while it is kept,
    /// then among the settled likes of posts gone.
    private mutating func remember(_ result: LikeResult, for id: PostID) {
        let settled = SettledLike(stamp: PostStamp(lastStamp), result: result)
        if let index = entries.index(forKey: id) {
            entries.values[index].settled = settled
            entries.values[index].saw(result.version)
        } else {
            settledGone.keep(settled, for: id)
        }
    }
}
