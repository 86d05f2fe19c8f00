import FeedInterface
import Foundation

/// Posts and pages for tests and benchmarks.
public enum FeedFixtures {
    /// A post `p<number>` by one of a few authors, portrait, with `likeCount` likes.
    public static func post(_ number: Int, like: LikeState = .notLiked, likeCount: Int = 10) -> Post {
        Post(
            id: PostID("p\(number)"),
            author: Author(id: "a\(number % 7)", name: "Author \(number % 7)"),
            caption: "Caption of post \(number)",
            image: ImageRef(url: URL(string: "https://img.feed.example/p\(number).jpg")!, width: 1080, height: 1350),
            likeCount: likeCount,
            like: like
        )
    }

    /// `count` pages of `pageSize` posts numbered from 1, each pointing at the next with cursor `c<index>`.
    public static func pages(count: Int, pageSize: Int = 20, like: LikeState = .notLiked) -> [FeedPage] {
        (0..<count).map { index in
            let posts = (1...pageSize).map { post(index * pageSize + $0, like: like) }
            return FeedPage(posts: posts, next: index + 1 < count ? Cursor("c\(index + 1)") : nil)
        }
    }
}
