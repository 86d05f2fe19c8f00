/// The random numbers one step draws: always four, whatever the step does, so a replay follows
/// the same plan even when the client answered a little differently.
struct StepDraws: Sendable {
    var kind: UInt64
    var pick: UInt64
    var count: UInt64
    var extra: UInt64

    init(_ random: inout ChaosRandom) {
        kind = random.next()
        pick = random.next()
        count = random.next()
        extra = random.next()
    }

    init(kind: UInt64, pick: UInt64, count: UInt64, extra: UInt64) {
        (self.kind, self.pick, self.count, self.extra) = (kind, pick, count, extra)
    }

    /// `value` as a fraction in 0..<1.
    static func fraction(_ value: UInt64) -> Double { Double(value >> 11) / Double(1 << 53) }
}
