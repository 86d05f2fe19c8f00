/// The photos of a session: off (`--photos off`, as before), or on with the server serving
/// photos, a seeded photo latency and a share of hostile photos (garbage, truncated JPEGs, a
/// huge progressive JPEG header, 2 s stalls). Drawn from the seed and the session alone.
struct PhotoAxis: Equatable, Sendable, CustomStringConvertible {
    var on = false
    /// The share of photo ids the server answers with a hostile body.
    var hostileShare = 0.0
    /// Extra delay of every photo, in milliseconds.
    var latencyMS = 0

    /// Every command (but `settle MS`) answers within this while photos load.
    static let answerBound: Duration = .seconds(5)
    /// The client's VmRSS at every settle stays under this.
    static let residentLimit = 200 << 20
    /// The photo states the headless JSON may show.
    static let knownStates: Set<String> = ["none", "loading", "loaded", "failed"]

    static let off = PhotoAxis()

    /// Session `index`'s photos: on for about half the sessions, with hostile photos among them.
    static func draw(seed: UInt64, session index: Int) -> PhotoAxis {
        var random = ChaosRandom(seed: ChaosRandom.sessionSeed(seed, session: index), stream: 0x9407_0000)
        guard random.chance(0.5) else { return .off }
        return PhotoAxis(on: true, hostileShare: [0.1, 0.25, 0.5][random.int(0...2)], latencyMS: [0, 0, 50, 300][random.int(0...3)])
    }

    /// Forced on or off by `--photos`, else drawn.
    static func forSession(_ index: Int, options: ChaosOptions) -> PhotoAxis {
        let drawn = draw(seed: options.seed, session: index)
        switch options.photos {
        case nil: return drawn
        case false?: return .off
        case true?: return drawn.on ? drawn : PhotoAxis(on: true, hostileShare: 0.25, latencyMS: 0)
        }
    }

    var description: String {
        on ? "photos on (\(Int((hostileShare * 100).rounded()))% hostile, +\(latencyMS)ms)" : "photos off"
    }
}
