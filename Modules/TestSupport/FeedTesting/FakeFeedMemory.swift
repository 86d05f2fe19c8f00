import FeedInterface
import Foundation
import PluginInterface
import StoreInterface

/// A feed memory that opens with `launchAs` and records what the screen tells it, in order: what a
/// test of the feed uses instead of a follow-up's saved feed.
@MainActor
public final class FakeFeedMemory: FeedMemory {
    /// What `launch()` answers.
    public var launchAs: FeedLaunch
    public var freshness: FeedFreshness
    public private(set) var savedAt: Date?
    public var onIdle: @MainActor () -> Void = {}
    /// What the screen told it, one word each: `replace`, `append`, `update`, `like p1`, `place p2:1`, `restored p2:1`, `forget`.
    public private(set) var told: [String] = []
    /// The pages it was given to keep, once their hearts were read, in order.
    public private(set) var pages: [FeedPage] = []
    private var inFlight = 0

    /// A memory that opens with `launch`, trusted by `freshness`.
    public init(launch: FeedLaunch = .nothing, freshness: FeedFreshness = .standard) {
        (launchAs, self.freshness) = (launch, freshness)
    }

    public var hasSavedRows: Bool { if case .rows = launchAs { true } else { false } }
    public var isIdle: Bool { inFlight == 0 }

    public func launch() -> FeedLaunch { launchAs }
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
        (told, pages, savedAt) = (told + ["forget"], [], nil)
        return Task {}
    }

    private func keep(_ word: String, _ page: Task<FeedPage, Never>) {
        told.append(word)
        savedAt = Date()
        inFlight += 1
        Task {
            pages.append(await page.value)
            inFlight -= 1
            if inFlight == 0 { onIdle() }
        }
    }

    private static func text(_ place: FeedPlace) -> String { "\(place.post.rawValue):\(place.lineOffset)" }
}
