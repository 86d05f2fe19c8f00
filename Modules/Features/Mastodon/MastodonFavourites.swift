import FeedInterface
import Foundation
import LikesInterface
import Networking

/// Likes as Mastodon favourites: `POST /api/v1/statuses/:id/favourite` or `/unfavourite`, both
/// idempotent; the heart and count come from the status in the reply. A heart is read back with
/// `GET /api/v1/statuses/:id`.
public struct MastodonFavourites: LikesRepository, LikedPostsSource {
    private let http: any HTTPClient
    private let pacer: MastodonPacer

    /// Favourites through `http` (which carries the token), in the turns of `pacer`.
    public init(http: any HTTPClient, pacer: MastodonPacer = MastodonPacer()) {
        self.http = http
        self.pacer = pacer
    }

    public func setLiked(_ liked: Bool, post: PostID) async throws -> LikeResult {
        let request = HTTPRequest(
            method: .post, pathSegments: ["api", "v1", "statuses", post.rawValue, liked ? "favourite" : "unfavourite"], isIdempotent: true)
        let status: MastodonStatusDTO
        do {
            status = try await JSONBody.decode(MastodonStatusDTO.self, from: try await pacer.send(request, through: http).body)
        } catch HTTPError.status(403, _) {
            throw FeedError.server(reason: "the server refused the favourite (403): the token lacks the write:favourites scope; sign in again")
        } catch {
            throw MastodonErrors.feedError(error, hadCursor: false)
        }
        let shown = status.reblog?.status ?? status
        guard let favourited = shown.favourited, let count = shown.favouritesCount, PostLimits.likeCount.contains(count) else {
            throw FeedError.server(reason: "the favourite's reply has no favourited state or count")
        }
        return LikeResult(liked: favourited, likeCount: count)
    }

    /// The favourited ones of `posts`, each read with `GET /api/v1/statuses/:id` (the first 40).
    public func likedIDs(among posts: [PostID]) async throws -> Set<PostID> {
        var liked: Set<PostID> = []
        for post in posts.prefix(40) {
            let status: MastodonStatusDTO
            do {
                let response = try await pacer.send(.get(pathSegments: ["api", "v1", "statuses", post.rawValue]), through: http)
                status = try await JSONBody.decode(MastodonStatusDTO.self, from: response.body)
            } catch {
                throw MastodonErrors.feedError(error, hadCursor: false)
            }
            if (status.reblog?.status ?? status).favourited == true { liked.insert(post) }
        }
        return liked
    }
}
