import FeedData
import FeedInterface
import Likes
import LikesInterface
import Mastodon
import Networking

/// The repositories of the API the server speaks (`--api`): the feed, the likes with their
/// read-back, an author's posts and the count of newer posts. The one place that picks them.
struct APIRepositories {
    /// The feed the screen reads, hearts in.
    let feed: any FeedRepository
    /// Likes saved and read back.
    let likes: any LikesRepository & LikedPostsSource
    /// An author's posts with their hearts (a profile).
    let authorPosts: @Sendable (Author) -> any FeedRepository
    /// How many posts are newer than the first shown.
    let newPosts: any NewPostsCounter
    /// The live stream's dialect, when not the feed API's own (live-updates speaks that by default).
    let live: (any LiveStreamDialect)?

    /// The repositories of `api` over `http`; `timeline` is the Mastodon timeline read, without
    /// its text statuses when `onlyPhotos`.
    init(api: ServerAPI, timeline: MastodonTimeline, onlyPhotos: Bool = false, http: any HTTPClient) {
        switch api {
        case .mastodon:
            // One pacer for the app: every request counts against the same rate limit.
            // One table of timeline entries: the pill counts from the entry the first row was shown as.
            let (pacer, entries) = (MastodonPacer(), MastodonEntryIDs())
            likes = MastodonFavourites(http: http, pacer: pacer)
            feed = MastodonFeedRepository(http: http, timeline: timeline, pacer: pacer, entries: entries, onlyPhotos: onlyPhotos)
            authorPosts = { MastodonFeedRepository(http: http, timeline: .account($0.id), pacer: pacer, onlyPhotos: true) }
            newPosts = MastodonNewPostsCounter(http: http, timeline: timeline, pacer: pacer, entries: entries, onlyPhotos: onlyPhotos)
            live = MastodonLiveDialect(http: http, timeline: timeline, pacer: pacer, onlyPhotos: onlyPhotos)
        case .feed, .auto:
            let remote = RemoteLikesRepository(http: http)
            likes = remote
            feed = CompositeFeedRepository(posts: RemotePostsRepository(http: http), likedPosts: remote)
            authorPosts = { CompositeFeedRepository(posts: RemotePostsRepository(http: http, source: .author(id: $0.id)), likedPosts: remote) }
            newPosts = RemoteNewPostsCounter(http: http)
            live = nil
        }
    }
}
