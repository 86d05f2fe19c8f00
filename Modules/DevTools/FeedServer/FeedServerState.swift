/// Everything a running feed server changes, kept behind one lock.
struct FeedServerState: Sendable {
    var faults: FeedServerFaults
    /// Whether the demo user likes each post, by post index.
    var liked: [Bool]
    /// The like count of each post, by post index.
    var likeCounts: [Int]
    /// How many feed sessions (first-page requests) have started; session numbers are 1…sessions.
    var sessions = 0
    var faultRandom: SplitMix64
    var rateSecond = Int.min
    var rateCount = 0
    var stats = FeedServerStats()
    private var rankings: [Int: [Int]] = [:]

    init(dataset: FeedDataset, faults: FeedServerFaults, seed: UInt64) {
        self.faults = faults
        liked = dataset.posts.map(\.initiallyLiked)
        likeCounts = dataset.posts.map(\.initialLikeCount)
        faultRandom = SplitMix64(seed: seed ^ 0x5EED_FA17_0000_0001)
    }

    /// The ranked order of `session`, computed once and kept for the most recent sessions.
    mutating func ranking(session: Int, count: Int, seed: UInt64) -> [Int] {
        if let cached = rankings[session] { return cached }
        let order = FeedRanking.order(count: count, seed: seed, session: session)
        if rankings.count >= 16, let oldest = rankings.keys.min() { rankings[oldest] = nil }
        rankings[session] = order
        return order
    }

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
