import FeedInterface
import FeedTesting
import TestingSupport
import Foundation

/// Generated posts of one author, newest first, paged as the server pages a profile.
enum GeneratedProfile {
    /// The shapes of the photos, as the reference server's (portrait, square, landscape).
    private static let shapes = [(1080, 1350), (1080, 1080), (1600, 900)]

    /// `count` posts by `author`, numbered down from `count`.
    static func posts(by author: Author, count: Int) -> [Post] {
        (0..<count).map { index in
            let number = count - index
            let (width, height) = shapes[number % shapes.count]
            return Post(
                id: PostID("p\(number)"), author: author, caption: "Post \(number) by \(author.name)",
                image: ImageRef(url: URL(string: "https://img.feed.example/p\(number).jpg")!, width: width, height: height),
                likeCount: number * 37 % 900, like: .notLiked)
        }
    }

    /// A repository of `posts` in pages of `pageSize` (cursor `c<i>` for page `i`), answering after `latency`.
    static func repository(_ posts: [Post], pageSize: Int = 12, latency: Duration) -> FakeFeedRepository {
        let pages = stride(from: 0, to: max(posts.count, 1), by: pageSize).map { start in
            let end = min(posts.count, start + pageSize)
            return FeedPage(posts: Array(posts[start..<end]), next: end < posts.count ? Cursor("c\(start / pageSize + 1)") : nil)
        }
        return FakeFeedRepository { cursor, _ in
            try await Task.sleep(for: latency)
            guard let cursor else { return pages[0] }
            guard let index = Int(cursor.rawValue.dropFirst()), pages.indices.contains(index) else {
                throw FakeError(message: "unknown cursor \(cursor.rawValue)")
            }
            return pages[index]
        }
    }
}
