import FeedInterface

/// The naive way to append pages: rebuild the set of shown IDs from all rows on every page.
struct NaiveFeedList {
    private(set) var posts: [Post] = []

    mutating func append(_ page: FeedPage) {
        let shown = Set(posts.map(\.id))
        posts.append(contentsOf: page.posts.filter { !shown.contains($0.id) })
    }
}
