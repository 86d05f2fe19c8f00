import FeedInterface
import Foundation
import PluginInterface
import PostStoreInterface

/// A feed memory that opens with `launchAs` and records what the screen tells it, in order: what a
/// test of the feed uses instead of a follow-up's saved feed.
@MainActor
public final class FakeFeedMemory: FeedMemory {
    /// What `launch()` answers.
    public var launchAs: FeedLaunch
    public var freshness: FeedFreshness
    public private(set) var savedAt: Date?
    public var onIdle: @MainActor () -> Void = {}
    /// What the screen told it, in order: `replace`, `append`, `update`, `like p1`, `moved p2:1` (or
    /// `moved top`), `place p2:1`, `restored p2:1`, `forget`.
    public private(set) var told: [String] = []
    /// The pages it was given to keep, once their hearts were read, in order.
    public private(set) var pages: [FeedPage] = []
    private var inFlight = 0
    /// Pages still being read when `forget()` came are not kept.
    private var generation = 0
    private let now: @Sendable () -> Date

    /// A memory that opens with `launch`, trusted by `freshness`.
    public init(launch: FeedLaunch = .nothing, freshness: FeedFreshness = .standard, now: @escaping @Sendable () -> Date = { Date() }) {
        (launchAs, self.freshness, self.now) = (launch, freshness, now)
    }

    public var hasSavedRows: Bool { if case .rows = launchAs { true } else { false } }
    public var isIdle: Bool { inFlight == 0 }

    public func launch(keeping keeps: (Post) -> Bool) -> FeedLaunch {
        guard case .rows(let rows) = launchAs else { return launchAs }
        let kept = rows.posts.filter(keeps)
        guard !kept.isEmpty else { return .nothing }
        return .rows(SavedRows(posts: kept, next: rows.next, savedAt: rows.savedAt, place: rows.place, placeExpired: rows.placeExpired, isFresh: rows.isFresh))
    }
    public func restored(_ place: FeedPlace) { told.append("restored \(Self.text(place))") }
    public func replaced(with page: Task<FeedPage, Never>) { keep("replace", page) }
    public func appended(_ page: Task<FeedPage, Never>) { keep("append", page) }
    public func updated(_ posts: Task<[Post], Never>) { keep("update", Task { FeedPage(posts: await posts.value, next: nil) }) }
    public func changed(_ change: PostStoreChange) { told.append("like \(change.id.rawValue)") }
    public func readerMoved(to place: FeedPlace?) { told.append("moved \(place.map(Self.text) ?? "top")") }

    public func save(place: FeedPlace?) -> Task<Void, Never> {
        told.append("place \(place.map(Self.text) ?? "top")")
        return Task {}
    }

    public func forget() -> Task<Void, Never> {
        // Forgotten as the real memory forgets: the next launch opens with nothing.
        (told, pages, savedAt, launchAs) = (told + ["forget"], [], nil, .nothing)
        generation += 1
        return Task {}
    }

    private func keep(_ word: String, _ page: Task<FeedPage, Never>) {
        told.append(word)
        savedAt = now()
        inFlight += 1
        let generation = generation
        Task {
            let page = await page.value
            if generation == self.generation { pages.append(page) }
            inFlight -= 1
            if inFlight == 0 { onIdle() }
        }
    }

    private static func text(_ place: FeedPlace) -> String { "\(place.post.rawValue):\(place.lineOffset)" }
}
