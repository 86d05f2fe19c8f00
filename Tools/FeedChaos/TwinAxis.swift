/// Two processes on one data directory: off (one `feed --headless` at a time, as before), or on,
/// with a second `feed --headless` started after the first on the same `--data-dir` and with the
/// same flags; each command of the script goes to one of the two (a seeded choice per command),
/// and a kill takes either. Drawn from the seed and the session alone, for sessions whose flags
/// include `persistent-like-queue` (the outbox is the one source of the intent across processes).
struct TwinAxis: Equatable, Sendable, CustomStringConvertible {
    var on = false
    /// The share of commands sent to the second process.
    var secondShare = 0.5

    static let off = TwinAxis()

    /// Session `index`'s processes: two for about half the sessions with the like queue.
    static func draw(seed: UInt64, session index: Int, flags: FlagSet) -> TwinAxis {
        var random = ChaosRandom(seed: ChaosRandom.sessionSeed(seed, session: index), stream: 0x7111_0000)
        guard flags.likeQueue, random.chance(0.5) else { return .off }
        return TwinAxis(on: true, secondShare: [0.3, 0.5, 0.7][random.int(0...2)])
    }

    /// Forced on or off by `--twin` (on only where the like queue is on), else drawn.
    static func forSession(_ index: Int, options: ChaosOptions, flags: FlagSet) -> TwinAxis {
        let drawn = draw(seed: options.seed, session: index, flags: flags)
        switch options.twin {
        case nil: return drawn
        case false?: return .off
        case true?: return drawn.on || !flags.likeQueue ? drawn : TwinAxis(on: true, secondShare: 0.5)
        }
    }

    var description: String {
        on ? "twin on (\(Int((secondShare * 100).rounded()))% to the second)" : "twin off"
    }
}
