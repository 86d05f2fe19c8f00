import FeedInterface
import Foundation
import Networking
import Synchronization

/// Reads pages of posts — GET /v1/feed, or one author's GET /v1/users/{id}/posts — and maps each
/// item to a `Post` whose heart is `unknown`.
public final class RemotePostsRepository: PostsRepository {
    /// Which posts a repository pages through.
    public enum Source: Hashable, Sendable {
        /// The feed, ranked for the user.
        case feed
        /// One author's posts, newest first.
        case author(id: String)

        var pathSegments: [String] {
            switch self {
            case .feed: ["v1", "feed"]
            case .author(let id): ["v1", "users", id, "posts"]
            }
        }
    }

    private let http: any HTTPClient
    private let source: Source
    private let pageSize: Int
    private let dropped = Mutex(0)

    /// Creates the repository of `source`; `pageSize` is the `limit` of every request.
    public init(http: any HTTPClient, source: Source = .feed, pageSize: Int = 20) {
        self.http = http
        self.source = source
        self.pageSize = pageSize
    }

    /// How many items were dropped so far because a required field was missing or malformed.
    public var droppedItemCount: Int { dropped.withLock { $0 } }

    /// Throws `FeedError`: `cursorExpired` when the server refuses `cursor`, `offline` when it
    /// cannot be reached, `server` for any other error answer or unreadable reply.
    public func page(after cursor: Cursor?) async throws -> FeedPage {
        var query = [URLQueryItem(name: "limit", value: String(pageSize))]
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor.rawValue)) }
        let dto: FeedPageDTO
        do {
            dto = try await http.send(.get(pathSegments: source.pathSegments, query: query), decoding: FeedPageDTO.self)
        } catch {
            throw FeedErrorMapping.feedError(error, hadCursor: cursor != nil)
        }
        let items = dto.items.prefix(PostLimits.postsPerPage)
        let posts = items.compactMap { $0.value.flatMap(Self.post(from:)) }
        let droppedHere = dto.items.count - posts.count
        if droppedHere > 0 { dropped.withLock { $0 += droppedHere } }
        // An empty or oversized cursor cannot be sent back: it ends the feed like null.
        let next = dto.nextCursor.flatMap { PostLimits.checked(Cursor($0)) }
        return FeedPage(posts: posts, next: next)
    }

    /// Maps one DTO; an item with a field out of `PostLimits` is dropped, long text is cut.
    /// The optional fields out of range (a bad colour, a negative count, an absurd date) are ignored.
    static func post(from dto: PostDTO) -> Post? {
        PostLimits.checked(Post(
            id: PostID(dto.id),
            author: Author(id: dto.author.id, name: dto.author.name),
            caption: dto.caption ?? "",
            image: ImageRef(
                url: dto.image.url, width: dto.image.width, height: dto.image.height,
                placeholder: dto.image.placeholder.flatMap(PhotoColor.init(hex:)),
                renditions: dto.image.renditions.map { ImageRendition(width: $0.width, url: $0.url) }),
            likeCount: dto.likeCount,
            like: .unknown,
            commentCount: dto.commentCount,
            createdAt: dto.createdAt.flatMap(date(iso8601:))
        ))
    }

    /// The time of an RFC 3339 text such as `2026-12-01T09:30:00Z` (fractional seconds allowed), or `nil`.
    static func date(iso8601 text: String) -> Date? {
        guard text.utf8.count <= 40 else { return nil }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
