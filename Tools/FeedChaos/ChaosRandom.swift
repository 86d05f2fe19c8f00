/// SplitMix64: a small seeded generator, so a session's plan is the same on every run and machine.
struct ChaosRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator for `seed`, mixed with `stream` so that independent streams never overlap.
    init(seed: UInt64, stream: UInt64 = 0) {
        state = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p` (0…1).
    mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < p
    }

    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// A uniform number in `range`.
    mutating func double(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// The seed of session `index` of a run with `seed`: the same whatever the run's length.
    static func sessionSeed(_ seed: UInt64, session index: Int) -> UInt64 {
        var generator = ChaosRandom(seed: seed, stream: UInt64(index) &+ 1)
        return generator.next()
    }
}
