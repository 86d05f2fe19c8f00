/// One of the 16 combinations of the four follow-up flags a session runs with.
struct FlagSet: Hashable, Sendable, CustomStringConvertible {
    /// The follow-ups, in the order of their bits.
    static let keys = ["shared-post-store", "offline-pages", "persistent-like-queue", "new-posts-pill"]
    /// Every combination.
    static let all = (0..<16).map(FlagSet.init(bits:))

    /// Bit i set: `keys[i]` is on.
    let bits: Int

    init(bits: Int) { self.bits = bits & 0xF }

    var sharedPostStore: Bool { bits & 1 != 0 }
    var offlinePages: Bool { bits & 2 != 0 }
    var likeQueue: Bool { bits & 4 != 0 }
    var newPostsPill: Bool { bits & 8 != 0 }

    /// The keys that are on.
    var enabled: [String] { Self.keys.indices.filter { bits & (1 << $0) != 0 }.map { Self.keys[$0] } }

    /// `--enable` for each flag on and `--disable` for each off, so no other source decides.
    var arguments: [String] {
        Self.keys.indices.flatMap { ["\(bits & (1 << $0) != 0 ? "--enable" : "--disable")", Self.keys[$0]] }
    }

    var description: String { enabled.isEmpty ? "no follow-up" : enabled.joined(separator: "+") }

    /// The flags of session `index` of a run with `seed`: each block of 16 sessions (0–15,
    /// 16–31, …) takes every combination once, in an order drawn from the seed and the block.
    static func forSession(_ index: Int, seed: UInt64) -> FlagSet {
        var order = Array(0..<16)
        var random = ChaosRandom(seed: seed, stream: 0xF1A6_0000 &+ UInt64(index / 16))
        order.shuffle(using: &random)
        return FlagSet(bits: order[index % 16])
    }
}
