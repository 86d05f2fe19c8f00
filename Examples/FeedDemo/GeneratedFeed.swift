import FeedTesting
import TestingSupport

/// `--fakes`: the fixtures' posts in pages of 20, answered from memory after a delay.
enum GeneratedFeed {
    /// A repository of `pages` pages that answers each request after `latency`.
    static func repository(latency: Duration, pages count: Int = 25) -> FakeFeedRepository {
        let pages = FeedFixtures.pages(count: count)
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
