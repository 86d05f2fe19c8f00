/// A small seeded generator (SplitMix64): the same seed gives the same numbers on every platform.
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in `0..<1`.
    mutating func nextDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// An integer in `0..<bound` (0 when `bound` is not positive).
    mutating func nextInt(below bound: Int) -> Int {
        bound > 0 ? Int(next() % UInt64(bound)) : 0
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        nextDouble() < probability
    }

    /// One element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[nextInt(below: elements.count)]
    }
}
