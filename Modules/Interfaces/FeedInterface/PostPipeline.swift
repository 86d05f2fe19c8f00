/// The one pipeline every post source passes before a screen shows a post: the feed's pages, the
/// saved feed at launch, an author's posts. Follow-ups add filters; when one changes its mind it
/// says so (`filtersChanged`) and every screen removes the rows no longer kept, above or below
/// the reader, without moving what the reader looks at.
@MainActor
public protocol PostPipeline: AnyObject, Sendable {
    /// Adds a filter; posts pass every filter added, in order.
    func add(_ filter: any PostFilter)
    /// Whether every filter keeps `post`.
    func keeps(_ post: Post) -> Bool
    /// How many times a filter changed its mind (screens compare it with what they last applied).
    var revision: Int { get }
    /// A filter changed its mind: every screen applies the filters again to the rows it shows.
    func filtersChanged()
    /// Calls `onChange` after each change of mind, for as long as `observer` lives.
    func observe(_ observer: AnyObject, _ onChange: @escaping @MainActor () -> Void)
}

extension PostPipeline {
    /// The posts of `posts` every filter keeps, in order.
    public func kept(_ posts: [Post]) -> [Post] { posts.filter(keeps) }

    /// `page` with only the posts every filter keeps (its cursor and likes read as they were).
    public func kept(_ page: PageAwaitingLikes) -> PageAwaitingLikes {
        PageAwaitingLikes(page: FeedPage(posts: kept(page.page.posts), next: page.page.next), likes: page.likes)
    }
}
