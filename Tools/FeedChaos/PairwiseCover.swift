/// A pairwise covering array of on/off values, built greedily from a seeded generator: all on and
/// all off first, then rows that each cover the most value pairs not yet seen, until every two
/// columns have shown all four pairs (on/on, on/off, off/on, off/off).
enum PairwiseCover {
    /// Candidate rows drawn per row kept.
    static let candidates = 32

    /// The rows for `columns` columns (at least 2).
    static func rows(columns: Int, using random: inout ChaosRandom) -> [[Bool]] {
        var cover = Pairs(columns: columns)
        var rows = [Array(repeating: true, count: columns), Array(repeating: false, count: columns)]
        rows.forEach { cover.mark($0) }
        while cover.hasMissing {
            // Each candidate covers at least the missing pair it starts from.
            var best: [Bool] = []
            var bestGain = 0
            for _ in 0..<candidates {
                let row = candidate(cover, random: &random)
                let gain = cover.gain(row)
                if gain > bestGain { (best, bestGain) = (row, gain) }
            }
            cover.mark(best)
            rows.append(best)
        }
        return rows
    }

    /// A row that starts from a missing pair drawn at random, then sets each other column, in a
    /// random order, to the value that covers more missing pairs with the columns set so far.
    private static func candidate(_ cover: Pairs, random: inout ChaosRandom) -> [Bool] {
        let missing = cover.missingPairs()
        let seed = missing[random.int(0...missing.count - 1)]
        var row: [Bool?] = Array(repeating: nil, count: cover.columns)
        (row[seed.i], row[seed.j]) = (seed.a, seed.b)
        for column in (0..<cover.columns).filter({ row[$0] == nil }).shuffled(using: &random) {
            let on = cover.gain(of: true, at: column, in: row)
            let off = cover.gain(of: false, at: column, in: row)
            row[column] = on == off ? random.chance(0.5) : on > off
        }
        return row.map { $0 ?? false }
    }

    /// Which value pairs of every two columns are still missing.
    struct Pairs {
        let columns: Int
        /// Indexed by `code(i, j, a, b)` for i < j.
        private var missing: [Bool]

        init(columns: Int) {
            self.columns = columns
            missing = Array(repeating: true, count: columns * columns * 4)
            for i in 0..<columns { for j in 0...i { for v in 0..<4 { missing[(i * columns + j) * 4 + v] = false } } }
        }

        private func code(_ i: Int, _ j: Int, _ a: Bool, _ b: Bool) -> Int {
            (i * columns + j) * 4 + (a ? 2 : 0) + (b ? 1 : 0)
        }

        /// Every missing pair, in a fixed order.
        func missingPairs() -> [(i: Int, j: Int, a: Bool, b: Bool)] {
            missing.indices.filter { missing[$0] }.map { ($0 / 4 / columns, $0 / 4 % columns, $0 & 2 != 0, $0 & 1 != 0) }
        }

        var hasMissing: Bool { missing.contains(true) }

        /// Missing pairs `row` would cover.
        func gain(_ row: [Bool]) -> Int {
            var count = 0
            for i in 0..<columns { for j in (i + 1)..<columns where missing[code(i, j, row[i], row[j])] { count += 1 } }
            return count
        }

        /// Missing pairs `value` at `column` would cover with the columns already set in `row`.
        func gain(of value: Bool, at column: Int, in row: [Bool?]) -> Int {
            row.indices.reduce(0) { count, other in
                guard let set = row[other], other != column else { return count }
                let pair = other < column ? code(other, column, set, value) : code(column, other, value, set)
                return count + (missing[pair] ? 1 : 0)
            }
        }

        mutating func mark(_ row: [Bool]) {
            for i in 0..<columns { for j in (i + 1)..<columns { missing[code(i, j, row[i], row[j])] = false } }
        }
    }
}
