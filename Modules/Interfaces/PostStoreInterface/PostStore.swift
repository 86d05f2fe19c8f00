import FeedInterface
import LikesInterface

/// Posts by ID with the heart overlay: what every screen shows for a post, the same on each.
///
/// A screen tags each page request with `stamp()`, hands the page to `receive`, shows what comes
/// back, and lets go of rows it no longer shows with `release`. Taps go through `toggleLike`, which
/// sends the wanted state through the app's one like use case and writes its outcome here;
/// observers hear every change of a heart or count.
@MainActor
public protocol PostStore: AnyObject, Sendable {
    /// A stamp for a page request, taken just before it is sent.
    func stamp() -> PostStamp
    /// Takes in `posts` of a page requested at `stamp` and returns them as screens show them,
    /// holding each once for the caller: an unsettled like keeps the wanted heart, and a like
    /// settled after `stamp` wins over the page.
    func receive(_ posts: [Post], requestedAt stamp: PostStamp) -> [Post]
    /// Lays the hearts a likes read gave for `ids` (the liked ones in `liked`), read for a page
    /// requested at `stamp`, over the posts still held; a like settled since, or a heart from a
    /// newer request, wins. Observers hear each heart that changed.
    func receiveLikes(_ liked: Set<PostID>, among ids: [PostID], requestedAt stamp: PostStamp)
    /// `posts` of a page requested at `stamp` with only settled likes laid over: what may be saved.
    func settled(_ posts: [Post], requestedAt stamp: PostStamp) -> [Post]
    /// The post as shown now; `nil` when nobody holds it.
    func post(_ id: PostID) -> Post?
    /// Lets go of posts once each; a post nobody holds is forgotten once its like settles.
    func release(_ ids: [PostID])
    /// Flips the heart of `id` at once and sends the wanted state; the task ends with this tap's
    /// outcome. `nil` when the heart is unknown (disabled) or nobody holds the post.
    func toggleLike(_ id: PostID) -> Task<LikeOutcome, Never>?
    /// Returns once every tap so far is recorded by the like use case (`persistent-like-queue`:
    /// on disk, so it survives a crash); at once when the use case keeps nothing.
    func waitUntilTapsRecorded() async
    /// Calls `onChange` with the changes of shown hearts or counts, those of one call together (a
    /// stream's batch is one call); returns a token for `removeObserver`.
    func addObserver(_ onChange: @escaping @MainActor ([PostStoreChange]) -> Void) -> Int
    /// Stops calling the observer of `token`.
    func removeObserver(_ token: Int)
    /// Forgets every post and overlay (logout); likes in flight still land but change nothing shown.
    func removeAll()
    /// Whether the like of `id` is saved on this device and not yet on the server.
    func isPending(_ id: PostID) -> Bool
    /// How many likes are saved on this device and not yet on the server.
    var pendingCount: Int { get }
    /// A queued like settled later (`persistent-like-queue`): observers hear the change.
    func apply(_ event: LikeQueueEvent)
    /// Lays likes saved by an earlier run over the posts when they come.
    func restorePending(_ likes: [PendingLike])
    /// The posts some screen holds now (what a live refetch asks counts for), at most `limit`.
    func heldPosts(limit: Int) -> [PostID]
    /// The server's heart and count of posts now (a live stream: other users' likes, the user's on
    /// another device): each held post shows them in place, and a page requested before cannot undo
    /// them; an unsettled like keeps the wanted heart over them (its count moved by one); observers
    /// hear each change, with the pair as settled (to save) when no like is unsettled.
    func updateServerLikes(_ likes: [PostID: LikeResult])
}
