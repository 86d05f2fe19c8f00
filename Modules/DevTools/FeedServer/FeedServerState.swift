/// Everything a running feed server changes, kept behind one lock.
struct FeedServerState: Sendable {
    var faults: FeedServerFaults
    var catalog: FeedCatalog
    /// Whether the demo user likes each post, by post index.
    var liked: [Bool]
    /// The like count of each post, by post index.
    var likeCounts: [Int]
    /// The version of each post's likes (heart and count), by post index: set from `likeClock` at
    /// each change, so a reply, a pushed event or a read says how new its pair is.
    var likeVersions: [Int]
    /// Grows with every change of any post's likes.
    var likeClock = 0
    /// Indexes of posts whose like state a request changed since start.
    var changed: Set<Int> = []
    /// How many feed sessions (first-page requests) have started; session numbers are 1…sessions.
    var sessions = 0
    /// Sessions up to this one were lost in a restart (`forgetSessions()`): their cursors are refused.
    var forgottenSessions = 0
    var faultRandom: SplitMix64
    var rateSecond = Int.min
    var rateCount = 0
    var stats = FeedServerStats()
    private let seed: UInt64
    /// When the server started (seconds since 1970): the data set's posts were published before it.
    let startedAt: Double
    /// When each post published while the server runs appeared (seconds since 1970), in order.
    private var publishedAt: [Double] = []
    private var baseRankings: [Int: [Int]] = [:]
    /// The interval the new-post timer runs with and when the next post is due (seconds since 1970).
    private var publishing: (interval: Double, next: Double)?

    init(dataset: FeedDataset, faults: FeedServerFaults, seed: UInt64, startedAt: Double = 0) {
        self.faults = faults
        self.seed = seed
        self.startedAt = startedAt
        catalog = FeedCatalog(dataset: dataset, seed: seed)
        liked = dataset.posts.map(\.initiallyLiked)
        likeCounts = dataset.posts.map(\.initialLikeCount)
        likeVersions = Array(repeating: 0, count: dataset.posts.count)
        faultRandom = SplitMix64(seed: seed ^ 0x5EED_FA17_0000_0001)
    }

    /// Sets post `index`'s likes to `liked` and `count`, at the next version.
    mutating func setLikes(_ index: Int, liked: Bool, count: Int) {
        self.liked[index] = liked
        likeCounts[index] = max(0, count)
        likeClock += 1
        likeVersions[index] = likeClock
    }

    // MARK: Rankings

    /// How many posts `session` shows: the initial ones plus those published before it started.
    func postCount(session: Int) -> Int {
        catalog.initialCount + catalog.publishedCount(visibleTo: session)
    }

    /// The post index at `position` of `session`'s ranked order: the posts published before the
    /// session started, newest first, then the initial posts in the session's re-ranked order.
    mutating func post(at position: Int, session: Int) -> Int {
        let published = catalog.publishedCount(visibleTo: session)
        if position < published { return catalog.initialCount + published - 1 - position }
        return baseRanking(session: session)[position - published]
    }

    /// The position of post `index` in the current ranking: every published post, newest first,
    /// then the initial posts as the latest session ranks them.
    mutating func freshPosition(of index: Int) -> Int {
        let published = catalog.publishedCount
        if index >= catalog.initialCount { return catalog.initialCount + published - 1 - index }
        return published + (baseRanking(session: sessions).firstIndex(of: index) ?? 0)
    }

    /// The re-ranked initial posts of `session`, computed once and kept for the latest sessions.
    private mutating func baseRanking(session: Int) -> [Int] {
        if let cached = baseRankings[session] { return cached }
        let order = FeedRanking.order(count: catalog.initialCount, seed: seed, session: session)
        if baseRankings.count >= 16, let oldest = baseRankings.keys.min() { baseRankings[oldest] = nil }
        baseRankings[session] = order
        return order
    }

    // MARK: New posts

    /// When post `index` was published (seconds since 1970).
    func createdAt(of index: Int) -> Double {
        guard index >= catalog.initialCount else { return startedAt - Double(catalog.posts[index].ageSeconds) }
        let published = index - catalog.initialCount
        return published < publishedAt.count ? publishedAt[published] : startedAt
    }

    /// Publishes `count` posts at `now` (seconds since 1970); returns their ids.
    mutating func publish(_ count: Int, now: Double) -> [String] {
        var ids: [String] = []
        for _ in 0..<max(0, count) {
            guard let post = catalog.publish(sessions: sessions) else { break }
            publishedAt.append(now)
            liked.append(post.initiallyLiked)
            likeCounts.append(post.initialLikeCount)
            likeVersions.append(0)
            ids.append(post.id)
        }
        return ids
    }

    /// Publishes every post the timer made due by `now`: at most 1,000 at once (then the timer
    /// restarts from `now`), so a long quiet spell costs one bounded catch-up.
    mutating func publishDuePosts(now: Double) {
        guard let interval = faults.newPostsEverySeconds, interval > 0, interval.isFinite else {
            publishing = nil
            return
        }
        guard let current = publishing, current.interval == interval else {
            publishing = (interval, now + interval)
            return
        }
        var next = current.next
        var due = 0
        while now >= next && due < 1000 {
            due += 1
            next += interval
        }
        if now >= next { next = now + interval }
        publishing = (interval, next)
        _ = publish(due, now: now)
    }

    // MARK: Rate limit

    /// Counts one request against the rate limit; true when it is over the limit.
    mutating func isOverRateLimit(now: Double) -> Bool {
        guard let limit = faults.rateLimit else { return false }
        let second = Int(now.rounded(.down))
        if second != rateSecond {
            rateSecond = second
            rateCount = 0
        }
        rateCount += 1
        return rateCount > limit
    }
}
