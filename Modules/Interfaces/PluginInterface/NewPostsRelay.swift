import FeedInterface

/// Counts of newer posts that one follow-up pushes (a live stream) to those that show them (a
/// pill), app-wide: while counts are pushed, pollers rest and polling is only the fallback.
@MainActor
public protocol NewPostsRelay: AnyObject {
    /// Whether counts are pushed now (the stream is open).
    var isPushing: Bool { get }
    /// Counts are pushed from now on (`true`), or no longer (`false`: pollers take over).
    func setPushing(_ pushing: Bool)
    /// `count` posts are newer than `first`: every listener hears it.
    func push(_ count: Int, since first: PostID)
    /// Calls `listener` with every count pushed from now on.
    func listen(_ listener: @escaping @MainActor (Int, PostID) -> Void)
}
