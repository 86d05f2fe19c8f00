import FeedInterface
import Foundation
@testable import Feed

/// Posts and view states for the screen's tests: varied photos, wide characters, emoji.
enum ScreenFixtures {
    static func post(_ number: Int, author: String, caption: String, width: Int, height: Int, likes: Int, like: LikeState) -> Post {
        Post(
            id: PostID("p\(number)"),
            author: Author(id: "a\(number)", name: author),
            caption: caption,
            image: ImageRef(url: URL(string: "https://img.feed.example/p\(number).jpg")!, width: width, height: height),
            likeCount: likes,
            like: like
        )
    }

    /// Eight posts: square, portrait, landscape, panorama, very tall; CJK, accents, emoji, an empty
    /// caption and one too long for three lines.
    static func posts(like override: LikeState? = nil) -> [Post] {
        let posts = [
            post(1, author: "ana", caption: "Morning light over the harbour ☀️ first coffee of the day", width: 1080, height: 1080, likes: 412, like: .liked),
            post(2, author: "kenji_東京", caption: "東京の夜、雨上がりの街 🌃 neon everywhere", width: 1080, height: 1350, likes: 1, like: .notLiked),
            post(3, author: "Björk Guðmundsdóttir", caption: "Black sand, white foam, grey sky. We walked for hours along the shore and the wind never stopped once, not even when the sun came out late in the afternoon.", width: 1600, height: 900, likes: 1204, like: .notLiked),
            post(4, author: "family 👨‍👩‍👧", caption: "", width: 3000, height: 1000, likes: 0, like: .liked),
            post(5, author: "Zoë", caption: "Tall one.", width: 1000, height: 3000, likes: 37, like: .notLiked),
            post(6, author: "marco", caption: "Pasta night 🍝", width: 1200, height: 1200, likes: 58, like: .notLiked),
            post(7, author: "li_wei", caption: "山と湖", width: 1350, height: 1080, likes: 9, like: .liked),
            post(8, author: "sam", caption: "Last one for today 👋", width: 1080, height: 1350, likes: 2, like: .notLiked),
        ]
        guard let override else { return posts }
        return posts.map { var post = $0; post.like = override; return post }
    }

    static func rows(like override: LikeState? = nil) -> [PostRow] {
        posts(like: override).map(PostRow.init(post:))
    }

    static let loading = FeedViewState.initial

    static func loaded(pagination: PaginationState = .idle, like: LikeState? = nil, message: FeedMessage? = nil, refreshing: Bool = false) -> FeedViewState {
        FeedViewState(rows: rows(like: like), initialLoad: .loaded, pagination: pagination, isRefreshing: refreshing, message: message)
    }

    static let firstPageFailed = FeedViewState(
        rows: [],
        initialLoad: .failed(.offline(reason: "cannot reach 127.0.0.1:9 (connection refused)")),
        pagination: .idle,
        isRefreshing: false,
        message: .firstPageFailed(.offline(reason: "cannot reach 127.0.0.1:9 (connection refused)"))
    )
}
