import FeedInterface
import Foundation
import PostStoreInterface

/// What keeps the feed screen between runs (a follow-up's): the rows and place it opens with, and
/// every page, heart and place the screen shows from then on. The feed names no follow-up: it
/// tells the memory what happened and asks it what to open with.
@MainActor
public protocol FeedMemory: AnyObject {
    /// An earlier run's rows are there to show first.
    var hasSavedRows: Bool { get }
    /// How far what the screen shows is trusted by age (the launch refresh, a return's revalidation).
    var freshness: FeedFreshness { get }
    /// When the feed was last saved, or `nil` before anything was (what a failure over saved rows names).
    var savedAt: Date? { get }
    /// No write is in flight.
    var isIdle: Bool { get }
    /// Called each time the last write in flight ends.
    var onIdle: @MainActor () -> Void { get set }

    /// What the screen opens with now: the saved rows `keeps` keeps (with the place to restore), too
    /// old to show, or nothing (nothing saved, or every saved post dropped).
    func launch(keeping keeps: (Post) -> Bool) -> FeedLaunch
    /// The screen restored the reader at `place` (the launch's); it counts as saved.
    func restored(_ place: FeedPlace)
    /// A first page replaced the rows; `page` ends once its hearts are read.
    func replaced(with page: Task<FeedPage, Never>)
    /// A later page was appended; `page` ends once its hearts are read.
    func appended(_ page: Task<FeedPage, Never>)
    /// A first page was taken in place over the rows shown: these posts' data changed, and the feed counts as checked now.
    func updated(_ posts: Task<[Post], Never>)
    /// A heart or count changed in the screen's post store.
    func changed(_ change: PostStoreChange)
    /// The reader moved to `place` (`nil`: the top) while rows show; the memory saves it as it sees fit.
    func readerMoved(to place: FeedPlace?)
    /// Saves `place` now (quit, suspend); the task ends once written.
    func save(place: FeedPlace?) -> Task<Void, Never>
    /// Forgets everything kept for this user; the task ends once done.
    func forget() -> Task<Void, Never>
}

/// What the feed screen opens with, as its memory decides at launch.
public enum FeedLaunch: Sendable, Equatable {
    /// Nothing kept: the first page loads.
    case nothing
    /// The kept feed is too old to show (kept at this date): the first page loads, and a failure says so.
    case tooOld(savedAt: Date)
    /// Rows to show at once.
    case rows(SavedRows)
}

/// Rows kept by an earlier run, as the screen opens with them.
public struct SavedRows: Sendable, Equatable {
    /// The posts in display order, with the hearts last known.
    public let posts: [Post]
    /// Where paging goes on after them.
    public let next: Cursor?
    /// When they were saved.
    public let savedAt: Date
    /// Where the reader was, if a place was kept.
    public let place: FeedPlace?
    /// The place is too old to restore: the feed opens at the top, refreshed.
    public let placeExpired: Bool
    /// Young enough that no launch refresh is needed.
    public let isFresh: Bool

    /// Creates the rows.
    public init(posts: [Post], next: Cursor?, savedAt: Date, place: FeedPlace? = nil, placeExpired: Bool = false, isFresh: Bool = false) {
        (self.posts, self.next, self.savedAt, self.place, self.placeExpired, self.isFresh) = (posts, next, savedAt, place, placeExpired, isFresh)
    }
}
