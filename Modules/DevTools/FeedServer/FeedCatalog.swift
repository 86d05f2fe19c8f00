/// Every post the server has: the initial data set `p1`…`pN`, then posts published while it
/// runs (`pN+1`, `pN+2`, …), with an index by id and by author.
struct FeedCatalog: Sendable {
    /// At most this many posts are published while the server runs; later ones are skipped.
    static let maxNewPosts = 10_000

    /// How many posts the data set started with.
    let initialCount: Int
    private let seed: UInt64
    private(set) var posts: [ServerPost]
    private(set) var indexByID: [String: Int]
    /// Post indexes of each author, ascending (oldest first); every known author has an entry.
    private(set) var postsByAuthor: [String: [Int]]
    /// For each published post (in order), how many sessions had started before it appeared.
    private var sessionsBeforePublish: [Int] = []

    init(dataset: FeedDataset, seed: UInt64) {
        initialCount = dataset.posts.count
        self.seed = seed
        posts = dataset.posts
        indexByID = dataset.indexByID
        var byAuthor: [String: [Int]] = [:]
        for number in 1...FeedDataset.authors.count { byAuthor["u\(number)"] = [] }
        for (index, post) in posts.enumerated() { byAuthor[post.authorID, default: []].append(index) }
        postsByAuthor = byAuthor
    }

    /// How many posts were published while the server runs.
    var publishedCount: Int { posts.count - initialCount }

    /// Publishes the next post; `sessions` is how many sessions have started so far (they keep
    /// their snapshot without it). Nil once `maxNewPosts` were published.
    mutating func publish(sessions: Int) -> ServerPost? {
        guard publishedCount < Self.maxNewPosts else { return nil }
        let post = FeedDataset.newPost(number: posts.count + 1, seed: seed)
        indexByID[post.id] = posts.count
        postsByAuthor[post.authorID, default: []].append(posts.count)
        posts.append(post)
        sessionsBeforePublish.append(sessions)
        return post
    }

    /// How many published posts session `session` sees: those published before it started.
    func publishedCount(visibleTo session: Int) -> Int {
        var low = 0
        var high = sessionsBeforePublish.count
        while low < high {
            let middle = (low + high) / 2
            if sessionsBeforePublish[middle] < session { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
