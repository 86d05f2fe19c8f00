import FeedServer
import Foundation

/// One seeded session: a reference server in this process with faults that change as it goes,
/// and `feed --headless` driven by a seeded script, killed and started again at seeded moments,
/// with the invariants checked after every answer and every settle.
final class ChaosSession {
    let index: Int
    let options: ChaosOptions
    let flags: FlagSet
    let photos: PhotoAxis
    let twin: TwinAxis
    /// The API the client speaks.
    let api: APIAxis
    /// The seeded choice of the process each command goes to (twin sessions only draw from it).
    var twinRandom: ChaosRandom
    var script: ChaosRandom
    var chaos: ChaosRandom
    let planner: ScriptPlanner
    let checker: InvariantChecker
    var ledger: LikeLedger
    let server: FeedServer
    let truth: any ServerTruth
    var port: UInt16 = 0
    let root: URL
    let data: DataDirectory
    var client: FeedClient?
    var result: SessionResult
    var log = CommandLog()
    var trail = PostTrail()
    var last = ClientState()
    var hidden = false
    var phase = FaultPhase()
    var phaseLeft = 0
    var killAt: [Int] = []
    var process = ProcessMemory()
    /// A twin session's process the session is not talking to now (`client`, `last`, `hidden`
    /// and `process` are the active one's), and which of the two (0, 1) is active.
    var other: Slot?
    var active = 0

    /// What the session keeps of one process while it talks to the other.
    struct Slot {
        var client: FeedClient?
        var last = ClientState()
        var hidden = false
        var process = ProcessMemory()
    }

    /// Session `index` of a run with `options`, with `flags` (the run's plan gives them).
    init(index: Int, options: ChaosOptions, flags: FlagSet) {
        self.index = index
        self.options = options
        let seed = ChaosRandom.sessionSeed(options.seed, session: index)
        self.flags = flags
        photos = PhotoAxis.forSession(index, options: options)
        twin = TwinAxis.forSession(index, options: options, flags: flags)
        api = APIAxis.forSession(index, options: options, flags: flags, twin: twin)
        twinRandom = ChaosRandom(seed: seed, stream: 0x7111_0001)
        script = ChaosRandom(seed: seed, stream: 1)
        chaos = ChaosRandom(seed: seed, stream: 2)
        planner = ScriptPlanner(flags: flags)
        checker = InvariantChecker(flags: flags)
        ledger = LikeLedger(flags: flags)
        server = FeedServer(options: FeedServerOptions(port: 0, posts: 500, seed: seed & 0xFFFF_FFFF))
        let honest = ReferenceServerTruth(server: server)
        let told: any ServerTruth = options.lyingServer ? LyingServerTruth(honest: honest) : honest
        truth = api.mastodon ? StatusIDTruth(base: told, server: server) : told
        root = FileManager.default.temporaryDirectory.appendingPathComponent("feed-chaos-\(getpid())-\(index)-\(UUID().uuidString.prefix(8))")
        data = DataDirectory(url: root.appendingPathComponent("data"))
        result = SessionResult(index: index, flags: flags)
        result.photos = photos
        result.twin = twin
        result.api = api
    }

    /// Runs the session to its last command or its first violation.
    func run() -> SessionResult {
        let started = Date()
        do {
            try setUp()
            try perform(.open)
            if twin.on { try startTwin() }
            while result.commands < options.commands { try step() }
            try finish()
        } catch SessionStop.violation(let findings) {
            result.findings = findings
            result.step = result.commands
            result.log = log.lines
            let posts = findings.flatMap(\.posts).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            result.trails = posts.prefix(4).map { ($0, trail.lines(of: $0)) }
            result.stderrTail = client?.stderrTail ?? []
        } catch SessionStop.environment(let message) {
            result.environmentError = message
        } catch {
            result.environmentError = "\(error)"
        }
        if let client {
            client.kill()
            endProcess()
        }
        if other?.client != nil {
            switchTo(1 - active)
            client?.kill()
            endProcess()
        }
        server.stop()
        // The files of a session that broke an invariant stay for a look; the others go.
        if result.findings.isEmpty { try? FileManager.default.removeItem(at: root) } else { result.keptFiles = data.url.path }
        result.seconds = Date().timeIntervalSince(started)
        return result
    }

    private func setUp() throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent("config"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("cache"), withIntermediateDirectories: true)
        do {
            port = try server.start()
        } catch {
            throw SessionStop.environment("the reference server could not start on 127.0.0.1: \(error)")
        }
        let kills = [0, 1, 1, 2, 2, 3][chaos.int(0...5)]
        killAt = (0..<kills).map { _ in chaos.int(5...max(6, options.commands - 5)) }.sorted()
        event("session \(index) · \(flags) · \(photos) · \(twin) · \(api) · server on port \(port) · kills planned at commands \(killAt)")
        try startClient()
    }

    /// One step: maybe a new fault phase, maybe new posts, then a planned kill or a scripted action.
    private func step() throws {
        if phaseLeft <= 0 {
            let next = FaultPhase.draw(&chaos)
            phaseLeft = next.length
            try apply(next)
        }
        phaseLeft -= 1
        let publishes = chaos.chance(0.04)
        let count = chaos.int(1...4)
        if publishes {
            let ids = server.publishNewPosts(count)
            event("published \(ids.joined(separator: " "))")
        }
        let draws = StepDraws(&script)
        // A twin session sends each command (and each kill) to one of its two processes.
        if twin.on { switchTo(twinRandom.chance(twin.secondShare) ? 1 : 0) }
        if let due = killAt.first, result.commands >= due {
            killAt.removeFirst()
            // Half the kills come right after a burst of taps, when the outbox has just been written.
            if draws.extra % 2 == 0, let burst = planner.tapBurst(draws, rows: last.shownRows) { try perform(burst) }
            // A third of the kills come while the reader rests on a post (the place must survive).
            try killAndRestart(reading: draws.extra % 3 == 1)
            return
        }
        let action = planner.next(draws, state: last, hidden: hidden)
        // A logout in one process leaves the other showing the user who left: not scripted with a twin.
        if twin.on, action == .logout { return try perform(.state) }
        try perform(action)
    }

    /// Starts the second process of a twin session on the same data directory, after the first.
    private func startTwin() throws {
        other = Slot(client: client, last: last, hidden: hidden, process: process)
        active = 1
        client = nil
        event("the twin starts on the same data directory")
        try startClient()
        try perform(.open)
    }

    /// Makes process `slot` (0 or 1) of a twin session the one the next commands go to.
    func switchTo(_ slot: Int) {
        guard slot != active, var parked = other else { return }
        swap(&parked.client, &client)
        swap(&parked.last, &last)
        swap(&parked.hidden, &hidden)
        swap(&parked.process, &process)
        other = parked
        active = slot
    }

    /// Posts the other process of a twin session tapped last (empty without a twin).
    var tappedElsewhere: Set<String> { twin.on ? ledger.tappedElsewhere(than: active) : [] }

    /// The name of the active process in the log: A or B (nothing without a twin).
    var processMark: String { twin.on ? (active == 0 ? " [A]" : " [B]") : "" }

    /// Notes something the tool did in the log (and on stderr with `--trace`).
    func event(_ text: String) {
        log.event(text)
        if options.trace { FileHandle.standardError.write(Data("[\(index)]    · \(text)\n".utf8)) }
    }

    // MARK: Processes and the server

    func startClient() throws {
        let arguments = [
            "--headless", "--server", "http://127.0.0.1:\(port)", "--photos", photos.on ? "on" : "off", "--data-dir", data.url.path,
            "--poll-interval", "1000", "--flags-interval", "2000",
            // Every start revalidates: a saved feed trusted for --fresh-for would show hearts a kill left unsettled.
            "--fresh-for", "0",
        ] + api.arguments + flags.arguments
        let environment = [
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
        ]
        let executable = options.feedExecutable()
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw SessionStop.environment("no feed executable at \(executable.path); build it (swift build) or pass --feed PATH")
        }
        do {
            client = try FeedClient(executable: executable, arguments: arguments, environment: environment)
        } catch {
            throw SessionStop.environment("cannot start \(executable.path): \(error)")
        }
        process = ProcessMemory()
        trail.restarted()
        hidden = false
        last = ClientState()
    }

    /// The process ended (killed or quit): its memory figures are kept.
    func endProcess() {
        result.processes.append(process)
        process = ProcessMemory()
        client = nil
    }

    /// Switches to `next`: a downtime window stops the server, its end starts it again on the same port.
    func apply(_ next: FaultPhase) throws {
        if phase.down && !next.down {
            // A restarted server forgets the sessions of its cursors: a reader below the top keeps every row.
            if phase.restarts { server.forgetSessions() }
            try startServer()
        }
        if !phase.down && next.down {
            server.stop()
            result.downtimes += 1
        }
        // The photo axis holds for the whole session, whatever the phase.
        var faults = next.faults
        faults.hostilePhotoShare = photos.hostileShare
        faults.photoLatencyMS = photos.latencyMS
        server.update { [faults] in $0 = faults }
        ledger.phaseStarted(next)
        phase = next
        event("faults: \(next)")
    }

    /// Starts the stopped server on its port again, once the requests it was answering are done
    /// (a late write must land before the client can read anything newer).
    func startServer() throws {
        waitUntilServerIsQuiet()
        let deadline = Date().addingTimeInterval(5)
        while true {
            do {
                let again = try server.start()
                guard again == port else { throw SessionStop.environment("the server came back on port \(again), not \(port)") }
                return
            } catch let stop as SessionStop {
                throw stop
            } catch {
                guard Date() < deadline else {
                    throw SessionStop.environment("the server could not start again on port \(port) (another process took it?): \(error)")
                }
                usleep(20_000)
            }
        }
    }

    /// Waits (at most 5 s) until every request the server admitted has been answered and no
    /// connection is open: a request a killed client left in its socket is read and applied
    /// before the next process can send anything newer (the server orders likes by arrival).
    /// `connections` false (a kill beside a living twin, whose connections stay open): only until
    /// every admitted request is answered; a late request of the dead process is exempt instead.
    func waitUntilServerIsQuiet(connections: Bool = true) {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let stats = server.stats()
            if stats.totalRequests <= stats.statuses.values.reduce(0, +), !connections || server.openConnections == 0 { return }
            usleep(2_000)
        }
        event("the server was still answering after 5 s")
    }
}
