/// The ranked order of posts for one feed session: mostly by id, with some posts moved a few
/// places down; deterministic from the seed and the session number.
enum FeedRanking {
    /// Post indexes in ranked order for `session` (session 0 is the order before any session).
    static func order(count: Int, seed: UInt64, session: Int) -> [Int] {
        var order = Array(0..<max(0, count))
        guard session > 0, order.count > 1 else { return order }
        var random = SplitMix64(seed: seed ^ (UInt64(session) &* 0xD1B5_4A32_D192_ED03))
        for index in 0..<(order.count - 1) where random.chance(0.08) {
            let other = min(order.count - 1, index + 1 + random.nextInt(below: 3))
            order.swapAt(index, other)
        }
        return order
    }
}
