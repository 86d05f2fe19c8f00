import FeedInterface
import TestingSupport

/// A `FeedRepository` whose pages come before their hearts (`pageAwaitingLikes`): a page answers
/// at once with hearts `unknown`; its likes read answers `liked` among the page's posts, after a
/// gate of that read if one is held, or fails once `failLikes()` was called.
public actor FakeTwoStepFeedRepository: FeedRepository {
    private let pages: [FeedPage]
    private let liked: Set<PostID>
    private var gates: [Int: Gate] = [:]
    private var failing = false

    /// How many likes reads started.
    public private(set) var likesReads = 0

    /// Answers with `pages` (`nil` gets the first, cursor `c<i>` page `i`), `liked` the posts the user likes.
    public init(pages: [FeedPage], liked: Set<PostID> = []) {
        self.pages = pages
        self.liked = liked
    }

    /// Makes likes read number `call` (1-based) wait until the returned gate opens.
    public func holdLikes(call: Int) -> Gate {
        let gate = Gate()
        gates[call] = gate
        return gate
    }

    /// Later likes reads (and those waiting at a gate) throw.
    public func failLikes() { failing = true }

    public func posts(after cursor: Cursor?) async throws -> FeedPage {
        let split = try await pageAwaitingLikes(after: cursor)
        let liked = try await split.likes?() ?? []
        return FeedPage(posts: split.page.posts.map { post in
            var post = post
            post.like = LikeState(liked.contains(post.id))
            return post
        }, next: split.page.next)
    }

    public func pageAwaitingLikes(after cursor: Cursor?) async throws -> PageAwaitingLikes {
        let page = try page(after: cursor)
        let unknown = FeedPage(posts: page.posts.map { post in
            var post = post
            post.like = .unknown
            return post
        }, next: page.next)
        let ids = page.posts.map(\.id)
        return PageAwaitingLikes(page: unknown) { [self] in try await readLikes(ids) }
    }

    private func readLikes(_ ids: [PostID]) async throws -> Set<PostID> {
        likesReads += 1
        if let gate = gates[likesReads] { await gate.wait() }
        if failing { throw FakeError(message: "the likes read failed") }
        return liked.intersection(ids)
    }

    private func page(after cursor: Cursor?) throws -> FeedPage {
        guard let cursor else { return pages[0] }
        guard cursor.rawValue.hasPrefix("c"), let index = Int(cursor.rawValue.dropFirst()), pages.indices.contains(index) else {
            throw FakeError(message: "unknown cursor \(cursor)")
        }
        return pages[index]
    }
}
