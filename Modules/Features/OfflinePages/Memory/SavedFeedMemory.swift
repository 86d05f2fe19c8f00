import FeedInterface
import Foundation
import PluginInterface
import PostStoreInterface
import OfflinePagesInterface

/// The feed screen's memory with `offline-pages` on: the rows it opens with come from the saved
/// feed, judged by age (`FeedFreshness`), and every page, heart and place it shows is saved, in
/// order, by one writer. The reader's place is saved every few seconds while it moves, a moment
/// after it stops, and on quit.
@MainActor
public final class SavedFeedMemory: FeedMemory {
    /// How often, at most, the place is saved while the reader keeps moving.
    static let placeSaveInterval: TimeInterval = 5

    public let freshness: FeedFreshness
    /// How long the reader stays at a place before it is saved (tests shorten it).
    public var placeSettleDelay: Duration = .seconds(1)
    public var onIdle: @MainActor () -> Void = {}

    private let writer: FeedCacheWriter
    private let now: @Sendable () -> Date
    /// The place last saved, and when.
    private var lastPlaceSave: (place: FeedPlace?, at: Date)?
    /// The save of a place the reader stopped at, due `placeSettleDelay` after the last move.
    private var pendingPlaceSave: Task<Void, Never>?

    /// A memory over `cache`, which holds `saved` from an earlier run, trusted by `freshness`; `now`
    /// stamps each save and judges ages (the screen's own clock, in tests the same one).
    public init(cache: any FeedCache, saved: CachedFeed?, freshness: FeedFreshness = .always, now: @escaping @Sendable () -> Date = { Date() }) {
        self.freshness = freshness
        self.now = now
        writer = FeedCacheWriter(cache: cache, saved: saved, now: now)
        writer.onDrained = { [weak self] in self?.onIdle() }
    }

    public var hasSavedRows: Bool { writer.saved?.posts.isEmpty == false }
    public var savedAt: Date? { writer.savedAt }
    public var isIdle: Bool { writer.pending == 0 }

    public func launch(keeping keeps: (Post) -> Bool) -> FeedLaunch {
        // Saved posts the filters all drop are no saved feed: the first page loads.
        guard let saved = writer.saved, case let posts = saved.posts.filter(keeps), !posts.isEmpty else { return .nothing }
        let date = now()
        guard FeedFreshness.age(of: saved.savedAt, now: date) <= freshness.hideAfter else { return .tooOld(savedAt: saved.savedAt) }
        let place = saved.anchor.map { FeedPlace(post: $0.post, lineOffset: $0.lineOffset) }
        let expired = saved.anchor.map { FeedFreshness.age(of: $0.savedAt, now: date) > freshness.restoreFor } ?? false
        return .rows(
            SavedRows(
                posts: posts, next: saved.next, savedAt: saved.savedAt, place: place, placeExpired: expired,
                isFresh: freshness.isFresh(checkedAt: saved.savedAt, now: date)))
    }

    public func restored(_ place: FeedPlace) { lastPlaceSave = (place, now()) }

    public func replaced(with page: Task<FeedPage, Never>) { writer.enqueue(.replaceAll(page)) }

    public func appended(_ page: Task<FeedPage, Never>) { writer.enqueue(.append(page)) }

    public func updated(_ posts: Task<[Post], Never>) { writer.enqueue(.updatePosts(posts)) }

    public func changed(_ change: PostStoreChange) { writer.save(change) }

    /// Saved every few seconds while the reader moves, and `placeSettleDelay` after it stops: a
    /// kill at any time later loses no place the reader rested on.
    public func readerMoved(to place: FeedPlace?) {
        // Nothing saved this run: the top is what a launch assumes, and the first move away is saved.
        let last = lastPlaceSave ?? (nil, .distantPast)
        guard last.place != place else {
            pendingPlaceSave?.cancel()
            pendingPlaceSave = nil
            return
        }
        if FeedFreshness.age(of: last.at, now: now()) >= Self.placeSaveInterval {
            _ = save(place: place)
            return
        }
        // The reader may stop here: the place is saved once it stays a moment.
        pendingPlaceSave?.cancel()
        let delay = placeSettleDelay
        pendingPlaceSave = Task { [weak self] in
            guard (try? await Task.sleep(for: delay)) != nil, let self, !Task.isCancelled else { return }
            pendingPlaceSave = nil
            if lastPlaceSave?.place != place { _ = save(place: place) }
        }
    }

    public func save(place: FeedPlace?) -> Task<Void, Never> {
        pendingPlaceSave?.cancel()
        pendingPlaceSave = nil
        let date = now()
        lastPlaceSave = (place, date)
        writer.enqueue(.anchor(place.map { FeedAnchor(post: $0.post, lineOffset: $0.lineOffset, savedAt: date) }))
        return drained()
    }

    public func forget() -> Task<Void, Never> {
        pendingPlaceSave?.cancel()
        (pendingPlaceSave, lastPlaceSave) = (nil, nil)
        writer.enqueue(.clear)
        return drained()
    }

    private func drained() -> Task<Void, Never> { Task { [writer] in await writer.waitUntilDrained() } }
}
