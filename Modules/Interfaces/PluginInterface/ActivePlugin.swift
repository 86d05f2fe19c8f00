import FeedInterface
import Foundation
import LikesInterface
import PostStoreInterface

/// A follow-up whose flag is on: the hooks the host drives. Every hook has a default that adds
/// nothing, so a follow-up implements only what it takes part in.
@MainActor
public protocol ActivePlugin: AnyObject {
    /// The app's like use case, possibly wrapped (a durable queue in front of it).
    func likePost(wrapping likePost: any LikePostUseCase) -> any LikePostUseCase
    /// The app's feed, possibly wrapped (told when a page arrives).
    func feed(wrapping feed: any FeedRepository) -> any FeedRepository
    /// The post store of a new screen, or `nil` for the default (one store per screen).
    func postStore() -> (any PostStore)?
    /// What keeps a new feed screen between runs (its saved rows and place), or `nil`.
    func feedMemory() -> (any FeedMemory)?
    /// Every post store of the app passes here once (e.g. to hear a queue's outcomes).
    func adopt(_ store: any PostStore)
    /// The app is built: background work starts.
    func start()
    /// The server switched the follow-up off while the app runs: it stops now, for this run.
    func switchOff()
    /// Forgets the user: the follow-up's state and its files; returns a line for stderr when a
    /// file could not be deleted.
    func logout() async -> String?
    /// Files it clears itself at logout (open databases the host must not delete under it).
    var openFiles: [URL] { get }
    /// What it adds to a screen (the feed, or a screen over it), or `nil`.
    func extend(_ screen: any ScreenControl) -> (any ScreenExtension)?
    /// Carries out one of its headless commands; returns an error line or `nil`.
    func perform(_ command: HeadlessCommandSpec, argument: String?, on driver: any HeadlessControl) async -> String?
    /// The JSON value of one of its headless fields.
    func value(of field: HeadlessField) async -> String
    /// The JSON value of one of its headless row fields for `row`.
    func value(of field: HeadlessField, row: PostRow) -> String
    /// Waits until what it keeps in flight has landed, returning by `timeout` at the latest
    /// (`settle`); returns whether it landed.
    func settle(timeout: Duration) async -> Bool
    /// Taps are kept on this device: quitting need not wait for likes in flight.
    var keepsLikes: Bool { get }
    /// The reader came back (SIGCONT, the screen shown again, the network back): catch up now
    /// (send what waits, poll at once); the host revalidates the feed itself.
    func returned()
    /// The app is ending: stop background work and close what is open (the host waits a bounded time).
    func shutdown() async
}

extension ActivePlugin {
    /// Unchanged.
    public func likePost(wrapping likePost: any LikePostUseCase) -> any LikePostUseCase { likePost }
    /// Unchanged.
    public func feed(wrapping feed: any FeedRepository) -> any FeedRepository { feed }
    /// The default store.
    public func postStore() -> (any PostStore)? { nil }
    /// Nothing kept.
    public func feedMemory() -> (any FeedMemory)? { nil }
    /// Nothing to hear.
    public func adopt(_ store: any PostStore) {}
    /// Nothing to start.
    public func start() {}
    /// Nothing to stop.
    public func switchOff() {}
    /// Nothing to forget.
    public func logout() async -> String? { nil }
    /// No open files.
    public var openFiles: [URL] { [] }
    /// Nothing added.
    public func extend(_ screen: any ScreenControl) -> (any ScreenExtension)? { nil }
    /// No commands.
    public func perform(_ command: HeadlessCommandSpec, argument: String?, on driver: any HeadlessControl) async -> String? { nil }
    /// `null`.
    public func value(of field: HeadlessField) async -> String { field.whenOff }
    /// As while off.
    public func value(of field: HeadlessField, row: PostRow) -> String { field.whenOff }
    /// Nothing in flight.
    public func settle(timeout: Duration) async -> Bool { true }
    /// Likes are not kept.
    public var keepsLikes: Bool { false }
    /// Nothing to catch up.
    public func returned() {}
    /// Nothing to stop.
    public func shutdown() async {}
}
