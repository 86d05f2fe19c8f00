import FeedServer

/// What the reference server does wrong for a stretch of a session: a seeded draw of faults,
/// possibly a whole-server downtime window (stop, then start again on the same port).
struct FaultPhase: Equatable, Sendable, CustomStringConvertible {
    /// The server's knobs during the phase.
    var faults = FeedServerFaults()
    /// Whether the server is stopped during the phase.
    var down = false
    /// Whether the server comes back from the downtime as a restarted one: every cursor it handed
    /// out is unknown to it (400), while posts and likes stay.
    var restarts = false
    /// How many commands the phase lasts.
    var length = 1

    /// No fault at all, server up.
    var isHealthy: Bool { !down && faults == FeedServerFaults() }

    /// Whether a like write may be applied while the client never hears the reply: a reply lost
    /// to an injected 500 after applying, or a connection closed by a downtime window.
    var losesLikeReplies: Bool { down || faults.likeApplyThenFailRate > 0 }

    var description: String {
        if isHealthy { return "healthy" }
        var parts: [String] = []
        if down { parts.append(restarts ? "down, then restarted (cursors unknown)" : "down") }
        if !faults.flags.isEmpty { parts.append("kill switch \(faults.flags.keys.sorted().joined(separator: ", "))") }
        if faults.latencyMS > 0 { parts.append("latency \(faults.latencyMS)ms") }
        if faults.failRate > 0 { parts.append("5xx \(Self.percent(faults.failRate))") }
        if faults.likesFailRate > 0 { parts.append("likes read down \(Self.percent(faults.likesFailRate))") }
        if faults.likeLatencyMS > 0 { parts.append("like latency \(faults.likeLatencyMS)ms") }
        if faults.likeApplyThenFailRate > 0 { parts.append("like applied then 500 \(Self.percent(faults.likeApplyThenFailRate))") }
        if let limit = faults.rateLimit { parts.append("429 past \(limit)/s") }
        if faults.repeatIDs > 0 { parts.append("repeat \(faults.repeatIDs) ids") }
        if let live = faults.liveFault { parts.append("live stream \(live.rawValue)") }
        return parts.joined(separator: ", ")
    }

    private static func percent(_ p: Double) -> String { "\(Int((p * 100).rounded()))%" }

    /// Draws the next phase: healthy about a third of the time, else one or two faults.
    static func draw(_ random: inout ChaosRandom) -> FaultPhase {
        var phase = FaultPhase()
        phase.length = random.int(3...14)
        guard !random.chance(0.32) else { return phase }
        let count = random.chance(0.25) ? 2 : 1
        for _ in 0..<count { addOneFault(to: &phase, &random) }
        return phase
    }

    private static func addOneFault(to phase: inout FaultPhase, _ random: inout ChaosRandom) {
        switch random.int(0...9) {
        case 0: phase.faults.latencyMS = random.int(20...300)
        case 1: phase.faults.failRate = random.double(0.15...0.6)
        case 2: phase.faults.likesFailRate = random.chance(0.5) ? 1 : random.double(0.3...0.8)
        case 3: phase.faults.rateLimit = random.int(4...12)
        case 4: phase.faults.repeatIDs = random.int(1...8)
        case 5: phase.faults.likeApplyThenFailRate = random.double(0.3...1)
        case 6: phase.faults.likeLatencyMS = random.int(100...900)
        case 8:
            // The live stream turns hostile (live-updates): it must never show a wrong count.
            let faults = LiveStreamFault.allCases
            phase.faults.liveFault = faults[random.int(0...(faults.count - 1))]
        case 9 where random.chance(0.5):
            // A kill switch: the server turns a follow-up off while the app runs (for good, in that run).
            phase.faults.flags[["live-updates", "new-posts-pill"][random.int(0...1)]] = false
        default:
            phase.down = true
            phase.restarts = random.chance(0.5)
            phase.length = random.int(2...8)
        }
    }
}
