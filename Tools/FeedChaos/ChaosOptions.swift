import Arguments
import Foundation

/// The command line of `feed-chaos`.
struct ChaosOptions: Equatable, Sendable {
    /// How many sessions to run (sessions 0…N-1).
    var sessions = 32
    /// The seed of every session's flags, faults and script.
    var seed: UInt64 = 1
    /// Headless commands per session.
    var commands = 100
    /// Replays only this session of the run.
    var session: Int?
    /// The `feed` executable; nil: the one built beside `feed-chaos`.
    var feed: String?
    /// Test mode: the server's truth lies about every like, so invariant 2 must fire.
    var lyingServer = false
    /// `--photos on|off`: forces the photo axis; nil: drawn per session from the seed.
    var photos: Bool?
    /// `--api feed|mastodon`: forces the API axis (Mastodon only where the session allows it); nil: drawn per session.
    var api: Bool?
    /// `--twin on|off`: forces the two-process axis (on only with the like queue); nil: drawn per session.
    var twin: Bool?
    /// Prints every command and its trimmed answer on stderr.
    var trace = false
    /// `--twins N`: the two-process stress instead of sessions (N short sessions).
    var twins: Int?
    /// `--twin-session K`: replays stress session K only.
    var twinSession: Int?

    static let defaultCommands = 100

    static let usage = """
        usage: feed-chaos [--sessions N] [--seed S] [--commands C] [--session K] [--feed PATH] [--photos on|off] [--twin on|off] [--api feed|mastodon] [--trace]
               feed-chaos --twins N [--seed S] [--twin-session K] [--feed PATH]

        Runs N seeded chaos sessions of `feed --headless` against the reference server and checks the
        feed's invariants after every answer and every settle. The flags come from the build: at start
        `feed flags --json` lists them, and every built one is switched on or off per session. With n
        flags, n <= 5: each block of 2^n sessions takes every combination once, in a seeded order (5
        flags: 32 sessions cover all 32). n > 5: each block takes a pairwise covering sample instead:
        all on, all off, then rows chosen greedily from the seed (of 32 candidates, each grown from a
        missing pair, the one covering most missing pairs) until every two flags have been on/on,
        on/off, off/on and off/off; each block permutes the flags and the order by the seed.

        Photos: about half the sessions (drawn from the seed and the session) run with photos on,
        the server serving them with a seeded latency and a share of hostile photos (garbage bytes,
        truncated JPEGs, a huge progressive JPEG header, 2 s stalls); there every command but a
        settle answers within 5 s, the client's VmRSS at each settle stays under 200 MB, and every
        row's photo state is none, loading, loaded or failed. The replay line names the photos.

        Twin: about half the sessions with persistent-like-queue (drawn from the seed and the
        session) run a second feed --headless on the same data directory, started after the first,
        with the same flags; each command goes to one of the two (a seeded choice), a kill takes
        either, and logout is left out. The server's final like state is the last acknowledged tap
        of either process; what a screen shows is checked only for posts that process tapped last
        or no process tapped (the other's taps reach it at its next page). The replay line names it.

        Twins stress (--twins N): N short sessions of two feed --headless started at once on one data
        directory (persistent-like-queue and live-updates on), each tapping a few posts in turn while
        the like server fails (every request refused, or likes applied and their replies lost), then
        healed and settled. Counts the posts whose server state is not the last acknowledged tap
        (lost) and the processes still waiting to send (stuck); any is exit 1.

        Exit 0: no violation; 1: a violation (each printed with a replay line); 2: a usage or
        environment error.

          --sessions N     sessions to run, 1…100000 (default 32: with 5 flags, every combination once)
          --seed S         seed of the run (default 1)
          --commands C     headless commands per session, 10…100000 (default 100)
          --session K      replay session K of the run only (what a violation's replay line says)
          --feed PATH      the feed executable (default: the one built beside feed-chaos)
          --photos on|off  force photos on or off in every session (default: drawn per session)
          --twin on|off    force two processes on one data directory on or off (default: drawn per session)
          --api feed|mastodon
                           force the client's API (default: the Mastodon API for about a third of the sessions
                           without live-updates or a twin; the server speaks both)
          --trace          print every command and its trimmed answer on stderr
          --lying-server   test mode: the server's truth reports every like flipped; invariant 2 must fire
          --twins N        the two-process stress: N sessions, 1…100000 (see Twins stress)
          --twin-session K replay stress session K only
        """

    /// Parses the arguments after the program name; nil when help was asked for.
    static func parse(_ arguments: [String]) throws(ArgumentError) -> ChaosOptions? {
        var options = ChaosOptions()
        var scanner = ArgumentScanner(arguments, program: "feed-chaos")
        while let token = scanner.next() {
            switch token {
            case .help: return nil
            case .positional(let argument): throw scanner.unexpected(argument)
            case .option(let name):
                switch name {
                case "--sessions": options.sessions = try scanner.integer(in: 1...100_000, expected: "a number of sessions from 1 to 100000")
                case "--seed": options.seed = try scanner.integer(in: 0...UInt64.max, expected: "an integer from 0 to 18446744073709551615")
                case "--commands": options.commands = try scanner.integer(in: 10...100_000, expected: "commands per session from 10 to 100000")
                case "--session": options.session = try scanner.integer(in: 0...1_000_000, expected: "a session number from 0, as a replay line gives it")
                case "--feed": options.feed = try scanner.value(expected: "the path of the feed executable")
                case "--photos":
                    let value = try scanner.value(expected: "on or off")
                    guard value == "on" || value == "off" else { throw scanner.invalid(value, expected: "on or off") }
                    options.photos = value == "on"
                case "--twin":
                    let value = try scanner.value(expected: "on or off")
                    guard value == "on" || value == "off" else { throw scanner.invalid(value, expected: "on or off") }
                    options.twin = value == "on"
                case "--api":
                    let value = try scanner.value(expected: "feed or mastodon")
                    guard value == "feed" || value == "mastodon" else { throw scanner.invalid(value, expected: "feed or mastodon") }
                    options.api = value == "mastodon"
                case "--twins": options.twins = try scanner.integer(in: 1...100_000, expected: "a number of stress sessions from 1 to 100000")
                case "--twin-session": options.twinSession = try scanner.integer(in: 0...1_000_000, expected: "a stress session number, as a replay line gives it")
                case "--lying-server":
                    try scanner.noValue()
                    options.lyingServer = true
                case "--trace":
                    try scanner.noValue()
                    options.trace = true
                default: throw scanner.unknownOption()
                }
            }
        }
        return options
    }

    /// The sessions this run covers.
    var sessionIndexes: [Int] { session.map { [$0] } ?? Array(0..<sessions) }

    /// The command that replays session `index` alone.
    /// `twin`: whether the session ran two processes (nil: not named).
    func replayLine(session index: Int, twin: Bool? = nil, mastodon: Bool? = nil) -> String {
        var words = ["feed-chaos", "--seed", String(seed), "--session", String(index)]
        if commands != Self.defaultCommands { words += ["--commands", String(commands)] }
        if let feed { words += ["--feed", feed] }
        if lyingServer { words.append("--lying-server") }
        words += ["--photos", PhotoAxis.forSession(index, options: self).on ? "on" : "off"]
        if let twin { words += ["--twin", twin ? "on" : "off"] }
        // The API as the session spoke it: drawn again from the seed, or forced by the run's --api.
        if let mastodon { words += ["--api", mastodon ? "mastodon" : "feed"] }
        return words.joined(separator: " ")
    }

    /// The `feed` executable to drive: `--feed`, else `feed` beside this executable.
    func feedExecutable() -> URL {
        if let feed { return URL(fileURLWithPath: feed) }
        let me = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        return me.deletingLastPathComponent().appendingPathComponent("feed")
    }
}
