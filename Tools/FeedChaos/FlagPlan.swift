/// Which flags each session of a run gets. Up to five flags: every combination, each block of 2^n
/// sessions taking each once in an order drawn from the seed and the block. More: a pairwise
/// covering sample built greedily from the seed (all on, all off, then rows until every two flags
/// have been on/on, on/off, off/on and off/off); each block takes its rows in a seeded order, with
/// the flags relabelled by a seeded permutation, so every block still covers every pair.
struct FlagPlan: Sendable {
    /// The most flags whose every combination a block takes.
    static let exhaustiveLimit = 5

    /// The flags toggled, in the build's order.
    let keys: [String]
    let seed: UInt64
    /// The combinations of a block, before its permutation of the flags.
    let rows: [[Bool]]

    init(keys: [String], seed: UInt64) {
        self.keys = keys
        self.seed = seed
        if keys.count <= Self.exhaustiveLimit {
            rows = (0..<(1 << keys.count)).map { bits in keys.indices.map { bits & (1 << $0) != 0 } }
        } else {
            var random = ChaosRandom(seed: seed, stream: 0xF1A6_C0FE)
            rows = PairwiseCover.rows(columns: keys.count, using: &random)
        }
    }

    /// Every combination, or the covering sample.
    var isExhaustive: Bool { keys.count <= Self.exhaustiveLimit }

    /// Sessions per block: each block takes every row once.
    var blockSize: Int { rows.count }

    /// The flags of session `index`: the same for a replay, whatever the run's length.
    func forSession(_ index: Int) -> FlagSet {
        var random = ChaosRandom(seed: seed, stream: 0xF1A6_0000 &+ UInt64(index / blockSize))
        var order = Array(rows.indices)
        order.shuffle(using: &random)
        let row = rows[order[index % blockSize]]
        guard !isExhaustive else { return FlagSet(keys: keys, values: row) }
        var columns = Array(keys.indices)
        columns.shuffle(using: &random)
        return FlagSet(keys: keys, values: columns.map { row[$0] })
    }

    /// What a run prints first: the flags read from the build and the combinations it runs.
    func describe(notBuilt: [String]) -> String {
        let list = keys.isEmpty ? "none" : keys.joined(separator: ", ")
        let combinations = isExhaustive
            ? "\(blockSize) combinations: each block of \(blockSize) sessions takes every one once"
            : "\(blockSize) of \(ChaosReport.number(1 << min(keys.count, 62))) combinations per block of \(blockSize) sessions "
                + "(a seeded pairwise covering sample: every two flags on/on, on/off, off/on and off/off, plus all on and all off)"
        let left = notBuilt.isEmpty ? "" : " · not built, left off: " + notBuilt.joined(separator: ", ")
        return "flags from feed flags --json (\(keys.count)): \(list)\(left) · \(combinations)"
    }
}
