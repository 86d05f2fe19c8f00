/// The API a session's client speaks: the feed API (as before) or the Mastodon API
/// (`--api mastodon`), against the same reference server, which speaks both. Drawn from the seed
/// and the session alone, for about a third of the sessions that run one process (`live-updates`
/// streams the Mastodon dialect then).
struct APIAxis: Equatable, Sendable, CustomStringConvertible {
    var mastodon = false

    static let feed = APIAxis()

    /// Session `index`'s API: the Mastodon API for about a third of the sessions that allow it.
    static func draw(seed: UInt64, session index: Int, flags: FlagSet, twin: TwinAxis) -> APIAxis {
        var random = ChaosRandom(seed: ChaosRandom.sessionSeed(seed, session: index), stream: 0xA910_0000)
        guard !twin.on, random.chance(1.0 / 3) else { return .feed }
        return APIAxis(mastodon: true)
    }

    /// Forced by `--api`, where the session allows it, else drawn.
    static func forSession(_ index: Int, options: ChaosOptions, flags: FlagSet, twin: TwinAxis) -> APIAxis {
        let drawn = draw(seed: options.seed, session: index, flags: flags, twin: twin)
        switch options.api {
        case nil: return drawn
        case false?: return .feed
        case true?: return twin.on ? .feed : APIAxis(mastodon: true)
        }
    }

    /// The client's arguments for this API.
    var arguments: [String] { mastodon ? ["--api", "mastodon"] : [] }

    var description: String { mastodon ? "Mastodon API" : "feed API" }
}
