import FeedServer
import Foundation
import Testing
import TestingSupport

/// `feed` in a real terminal: tmux at 80×24 against the reference server, driven by keys and read
/// back with `capture-pane`.
@Suite(.serialized, .heavy) struct TerminalScreenTests {
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: tmux != nil, "tmux is not installed (CI installs it)"))
    func rowsAppearTheHeartFlipsAtOnceMoreRowsLoadAndTheTerminalIsRestored() async throws {
        // Likes take 5 s to land, so a flipped heart on screen is the optimistic one.
        let server = try TestServer { $0.faults.likeLatencyMS = 5_000 }
        let pane = try await TmuxPane(arguments: ["--server", server.url])
        defer { pane.kill() }

        let first = try await pane.waitForScreen("the first page") { Self.text($0).contains("1/20") && Self.text($0).contains("@") }
        #expect(first.last?.contains("j/k move · l like · r refresh · ? help · q quit") == true)
        #expect(first.contains { $0.hasPrefix("▌ @") }, "the first post is selected")

        try await pane.send("j")
        let moved = try await pane.waitForScreen("the second post selected") { Self.text($0).contains("2/20") }
        let heart = try #require(Self.selectedHeart(moved), "the selected row shows its heart")

        try await pane.send("l")
        let flipped = try await pane.waitForScreen("the heart flipped") { Self.selectedHeart($0).map { $0 != heart } ?? false }
        let id = try await pane.waitFor("the like request") { server.server.stats().likeRequests.keys.first }
        let wanted = heart == "♡"
        #expect(server.server.likeState(of: id)?.liked == !wanted, "the server has not answered yet: the heart flipped at once")
        #expect(Self.selectedHeart(flipped) == (wanted ? "♥" : "♡"))

        var presses = 0
        while !Self.text(try await pane.screen()).contains("/40") {
            presses += 1
            try #require(presses <= 40, "paging down 40 times loads a second page")
            let before = try await pane.screen()
            try await pane.send("Space")
            _ = try await pane.waitForScreen("the page to move") { $0 != before || Self.text($0).contains("/40") }
        }
        #expect(server.server.stats().feedCursors.count >= 2, "a second page was requested")

        _ = try await pane.waitFor("the like to land") { server.server.likeState(of: id)?.liked == wanted ? true : nil }
        try await pane.send("q")
        let status = try await pane.waitForExit()
        #expect(status == "0")
        #expect(try pane.sttyBefore() == pane.sttyAfter(), "stty -g is the same before and after")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed (CI installs it)"))
    func aResizeRedrawsAndSIGTERMRestoresTheTerminal() async throws {
        let server = try TestServer()
        let pane = try await TmuxPane(arguments: ["--server", server.url, "--ascii"])
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the first page") { Self.text($0).contains("1/20") }
        try await pane.tmux(["resize-window", "-t", pane.target, "-x", "100", "-y", "30"])
        let resized = try await pane.waitForScreen("the frame at 100×30") { $0.count == 30 && $0[29].contains("q quit") }
        #expect(resized.contains { $0.contains("[<3] ") || $0.contains("[  ] ") || $0.contains("[..] ") }, "--ascii hearts")
        #expect(!resized.joined().contains("</3"), "</3 reads as disliked")
        #expect(!resized.joined().contains("♡"))
        try await pane.signal(SIGTERM)
        #expect(try await pane.waitForExit() == "143")
        #expect(try pane.sttyBefore() == pane.sttyAfter())
    }

    @Test func withoutATerminalFeedPrintsOnePlainFrameAndExitsZero() async throws {
        let feed = try FeedProcess([])
        #expect(try await feed.waitForExit() == 0)
        let lines = await feed.remainingOutput()
        #expect(!lines.joined().contains("\u{1B}"), "no escape sequences")
        #expect(lines.first?.contains("Feed") == true)
        #expect(lines.filter { $0.hasPrefix("  @") }.count == 20, "every post of the first page")
        #expect(!lines.contains { $0.contains("q quit") })
    }

    static func text(_ screen: [String]) -> String { screen.joined(separator: "\n") }

    /// The heart on the selected row (lines marked `▌`), if one shows.
    static func selectedHeart(_ screen: [String]) -> String? {
        for line in screen where line.hasPrefix("▌ ♥") || line.hasPrefix("▌ ♡") {
            return String(line.dropFirst(2).prefix(1))
        }
        return nil
    }
}

/// A tmux server of its own (a unique socket) running `feed` in one 80×24 pane (or `columns` × `rows`) through a script
/// that records `stty -g` before and after, and the exit status.
final class TmuxPane: @unchecked Sendable {
    let socket = "feed-e2e-\(UUID().uuidString.prefix(8))"
    let target = "feed"
    let directory: URL

    /// Runs `feed` (or `executable`) with `arguments`. With `jobControl`, the pane's shell runs it as
    /// a job of its own, as an interactive shell does, so a stop is not discarded as in an orphaned
    /// process group: each of up to 3 stops N writes `stopped-N` (`stty -g` then) and waits for `continueJob(N)`.
    /// With `holds`, the pane stays after the program ends (its last screen can be read) until `kill()`.
    init(
        arguments: [String], environment: [String: String] = [:], executable: URL = FeedProcess.executable, jobControl: Bool = false,
        columns: Int = 80, rows: Int = 24, holds: Bool = false
    ) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let command = [executable.path] + (executable == FeedProcess.executable ? FeedProcess.withoutPhotosUnlessAsked(arguments) : arguments)
        let quoted = command.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            cd '\(directory.path)'
            stty -g > before
            echo $$ > pid
            unset NO_COLOR
            FEED_FLAGS= XDG_CONFIG_HOME='\(directory.path)' XDG_CACHE_HOME='\(directory.path)/cache' XDG_STATE_HOME='\(directory.path)/state' TERM=xterm-256color \(environment.map { "\($0.key)='\($0.value)' " }.joined())exec \(quoted)
            """
        try script.write(to: directory.appendingPathComponent("feed.sh"), atomically: true, encoding: .utf8)
        // The pane runs the script in a shell that outlives feed, then writes what happened after.
        // Unrolled: bash ends a loop in which a job stops.
        let stops = (1...3).map { stop in
            """
            if [ $status = 148 ]; then
              stty -g > stopped.tmp; mv stopped.tmp stopped-\(stop)
              while [ ! -f continue-\(stop) ]; do sleep 0.05; done
              fg; status=$?
            fi
            """
        }
        let run = jobControl ? """
            set -m
            cd '\(directory.path)'
            sh feed.sh; status=$?
            \(stops.joined(separator: "\n"))
            echo $status > '\(directory.path)/status.tmp'
            """ : "sh '\(directory.path)/feed.sh'; echo $? > '\(directory.path)/status.tmp'"
        // A test process that dies (a crash) runs no `defer`: a watchdog in the pane ends its tmux
        // server then, or its feed would keep asking whichever later server took its port.
        let tmuxPath = TerminalScreenTests.tmux ?? "/usr/bin/tmux"
        let watchdog = "( while kill -0 \(ProcessInfo.processInfo.processIdentifier) 2>/dev/null; do sleep 1; done; '\(tmuxPath)' -L \(socket) kill-server ) >/dev/null 2>&1 &"
        let wrapper = """
            \(watchdog)
            \(run)
            stty -g > '\(directory.path)/after'; mv '\(directory.path)/status.tmp' '\(directory.path)/status'
            \(holds ? "while :; do sleep 1; done" : "")
            """
        try wrapper.write(to: directory.appendingPathComponent("pane.sh"), atomically: true, encoding: .utf8)
        // The client that starts the server is not awaited: the server inherits the descriptor
        // Foundation watches for the client's exit, so that exit is only seen once the server stops.
        let start = Process()
        start.executableURL = URL(fileURLWithPath: TerminalScreenTests.tmux ?? "/usr/bin/tmux")
        start.arguments = ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", "\(jobControl ? "bash" : "sh") '\(directory.path)/pane.sh'"]
        start.standardInput = FileHandle.nullDevice
        start.standardOutput = FileHandle.nullDevice
        start.standardError = FileHandle.nullDevice
        try start.run()
        do {
            _ = try await waitFor("the tmux session", timeout: .seconds(60)) { (try? await tmux(["has-session", "-t", target])).map { _ in true } }
        } catch {
            // No test holds the pane yet to end it: end its tmux server (and feed) here.
            kill()
            throw error
        }
    }

    /// Stops feed if it still runs, then the tmux server, and removes the files.
    func kill() {
        if let text = try? String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            (try? String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8)) == nil
        {
            Foundation.kill(pid, SIGKILL)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TerminalScreenTests.tmux ?? "/usr/bin/tmux")
        process.arguments = ["-L", socket, "kill-server"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `tmux -L <socket> arguments…` and returns its output. The output goes through a file:
    /// the tmux server that the first call starts keeps a pipe open for ever.
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TerminalScreenTests.tmux ?? "/usr/bin/tmux")
        process.arguments = ["-L", socket] + arguments
        let file = directory.appendingPathComponent("tmux-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer {
            try? handle.close()
            try? FileManager.default.removeItem(at: file)
        }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let done = ExitSignal()
        process.terminationHandler = { _ in done.fire() }
        try process.run()
        await done.wait()
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else { throw FeedProcessError.timedOut("tmux \(arguments.joined(separator: " ")) failed: \(text)") }
        return text
    }

    func send(_ key: String) async throws {
        try await tmux(["send-keys", "-t", target, key])
    }

    /// Polls `capture-pane -p -e` on a thread of its own until `condition` holds, up to `timeout`:
    /// for a state on screen for a moment only, which a poll on the concurrency threads can miss
    /// while other tests keep both busy. Returns the lines, or nil.
    func waitForColourScreen(timeout: TimeInterval = 60, _ condition: @escaping @Sendable ([String]) -> Bool) async throws -> (lines: [String]?, last: [String]) {
        let (tmux, socket, target) = (TerminalScreenTests.tmux ?? "/usr/bin/tmux", socket, target)
        return try await onOwnThread {
            let deadline = Date().addingTimeInterval(timeout)
            var last: [String] = []
            while Date() < deadline {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: tmux)
                process.arguments = ["-L", socket, "capture-pane", "-p", "-e", "-t", target]
                let output = Pipe()
                process.standardOutput = output
                process.standardError = FileHandle.nullDevice
                try process.run()
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                last = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
                if condition(last) { return (last, last) }
                usleep(20_000)
            }
            return (nil, last)
        }
    }

    /// Sends `key` `count` times in one `send-keys` (a loaded box takes seconds for forty calls).
    func send(_ key: String, times count: Int) async throws {
        try await tmux(["send-keys", "-t", target] + Array(repeating: key, count: max(0, count)))
    }

    /// The pane's lines now.
    func screen() async throws -> [String] {
        var lines = try await tmux(["capture-pane", "-p", "-t", target]).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the pane until `condition` holds, up to `timeout`.
    @discardableResult
    func waitForScreen(_ what: String, timeout: Duration = .seconds(20), _ condition: @escaping ([String]) -> Bool) async throws -> [String] {
        var last: [String] = []
        return try await waitFor(what, timeout: timeout, detail: { last.joined(separator: "\n") }) {
            let lines = try await self.screen()
            last = lines
            return condition(lines) ? lines : nil
        }
    }

    /// Polls `probe` until it returns a value, up to `timeout`.
    func waitFor<T>(_ what: String, timeout: Duration = .seconds(20), detail: () -> String = { "" }, _ probe: () async throws -> T?) async throws -> T {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let value = try await probe() { return value }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw FeedProcessError.timedOut("waited \(timeout) for \(what); the pane showed:\n\(detail())")
    }

    /// Waits for feed to exit and returns its status as the shell printed it.
    func waitForExit(timeout: Duration = .seconds(20)) async throws -> String {
        let url = directory.appendingPathComponent("status")
        return try await waitFor("feed to exit", timeout: timeout) {
            (try? String(contentsOf: url, encoding: .utf8)).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
    }

    /// Sends `signal` to feed (the script `exec`s it, so it has the script's process ID).
    func signal(_ signal: Int32) async throws {
        let url = directory.appendingPathComponent("pid")
        let pid = try await waitFor("feed's process ID") { (try? String(contentsOf: url, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
        Foundation.kill(pid, signal)
    }

    /// Waits for stop number `number` (1-based) of a job-control pane; returns `stty -g` while stopped.
    func waitForStop(_ number: Int) async throws -> String {
        let url = directory.appendingPathComponent("stopped-\(number)")
        return try await waitFor("stop \(number)") { try? String(contentsOf: url, encoding: .utf8) }
    }

    /// Continues the job after stop number `number`, as `fg` does.
    func continueJob(_ number: Int) throws {
        try Data().write(to: directory.appendingPathComponent("continue-\(number)"))
    }

    func sttyBefore() throws -> String { try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8) }
    func sttyAfter() throws -> String { try String(contentsOf: directory.appendingPathComponent("after"), encoding: .utf8) }
}

/// A refresh starts at the top, so the selection is always a row on screen and the row a key acts on.
@Suite(.serialized, .heavy) struct RefreshKeepsTheReaderSafeTests {
    /// The photo label (`p12.jpg`) inside the selected row's box: the post the selection shows.
    static func selectedPost(_ screen: [String]) -> String? {
        for line in screen where line.hasPrefix("▌ │") {
            if let range = line.range(of: #"p[0-9]+\.jpg"#, options: .regularExpression) {
                return String(line[range].dropLast(4))
            }
        }
        return nil
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"), arguments: [4, 200])
    func rDeepInTheFeedGoesToTheTopAndTheLikeKeyLikesThePostShownSelected(depth: Int) async throws {
        let server = try TestServer()
        let pane = try await TmuxPane(arguments: ["--server", server.url])
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the first page") { TerminalScreenTests.text($0).contains("1/20") }
        if depth < 20 {
            for _ in 0..<depth { try await pane.send("j") }
            _ = try await pane.waitForScreen("row \(depth + 1) selected") { TerminalScreenTests.text($0).contains("\(depth + 1)/20") }
        } else {
            // The last post, again and again, until row `depth` exists; then up to it.
            var count = 20
            while count < depth + 1 {
                try await pane.send("G")
                let next = count + 20
                _ = try await pane.waitForScreen("\(next) rows") { TerminalScreenTests.text($0).contains("/\(next)") }
                count = next
            }
            let screen = try await pane.screen()
            let title = try #require(screen.first?.split(separator: " ").last?.split(separator: "/").first.flatMap { Int($0) })
            let moves = title - depth - 1
            for _ in 0..<abs(moves) { try await pane.send(moves > 0 ? "k" : "j") }
            _ = try await pane.waitForScreen("row \(depth + 1) selected") { TerminalScreenTests.text($0).contains("\(depth + 1)/\(count)") }
        }
        try await pane.send("r")
        let top = try await pane.waitForScreen("the top after the refresh") { screen in
            screen.first?.contains("1/20") == true && !TerminalScreenTests.text(screen).contains("Refreshing") && Self.selectedPost(screen) != nil
        }
        #expect(top[1].hasPrefix("▌ @"), "the selection is on the first row, on screen")
        let shown = try #require(Self.selectedPost(top))
        try await pane.send("l")
        let liked = try await pane.waitFor("the like request") { server.server.stats().likeRequests.keys.first }
        #expect(liked == shown, "l likes the post shown as selected")
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
    }
}
