import Foundation
import ProcessTesting
import Testing
import TestingSupport

/// A tmux server of its own (a unique socket) running `feed` in one 80×24 pane (or `columns` × `rows`) through a script
/// that records `stty -g` before and after, and the exit status.
public final class TmuxPane: @unchecked Sendable {
    /// Where tmux is, if it is installed.
    public static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A captured screen as one text, its lines joined.
    public static func text(_ screen: [String]) -> String { screen.joined(separator: "\n") }

    public let socket = "feed-e2e-\(UUID().uuidString.prefix(8))"
    public let target = "feed"
    public let directory: URL

    /// Runs `feed` (or `executable`) with `arguments`. With `jobControl`, the pane's shell runs it as
    /// a job of its own, as an interactive shell does, so a stop is not discarded as in an orphaned
    /// process group: each of up to 3 stops N writes `stopped-N` (`stty -g` then) and waits for `continueJob(N)`.
    /// With `holds`, the pane stays after the program ends (its last screen can be read) until `kill()`.
    public init(
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
        let tmuxPath = TmuxPane.tmux ?? "/usr/bin/tmux"
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
        start.executableURL = URL(fileURLWithPath: TmuxPane.tmux ?? "/usr/bin/tmux")
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
    public func kill() {
        if let text = try? String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            (try? String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8)) == nil
        {
            Foundation.kill(pid, SIGKILL)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TmuxPane.tmux ?? "/usr/bin/tmux")
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
    public func tmux(_ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TmuxPane.tmux ?? "/usr/bin/tmux")
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

    public func send(_ key: String) async throws {
        try await tmux(["send-keys", "-t", target, key])
    }

    /// Polls `capture-pane -p -e` on a thread of its own until `condition` holds, up to `timeout`:
    /// for a state on screen for a moment only, which a poll on the concurrency threads can miss
    /// while other tests keep both busy. Returns the lines, or nil.
    public func waitForColourScreen(timeout: TimeInterval = 60, _ condition: @escaping @Sendable ([String]) -> Bool) async throws -> (lines: [String]?, last: [String]) {
        let (tmux, socket, target) = (TmuxPane.tmux ?? "/usr/bin/tmux", socket, target)
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
    public func send(_ key: String, times count: Int) async throws {
        try await tmux(["send-keys", "-t", target] + Array(repeating: key, count: max(0, count)))
    }

    /// The pane's lines now.
    public func screen() async throws -> [String] {
        var lines = try await tmux(["capture-pane", "-p", "-t", target]).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the pane until `condition` holds, up to `timeout`.
    @discardableResult
    public func waitForScreen(_ what: String, timeout: Duration = .seconds(20), _ condition: @escaping ([String]) -> Bool) async throws -> [String] {
        var last: [String] = []
        return try await waitFor(what, timeout: timeout, detail: { last.joined(separator: "\n") }) {
            let lines = try await self.screen()
            last = lines
            return condition(lines) ? lines : nil
        }
    }

    /// Polls `probe` until it returns a value, up to `timeout`.
    public func waitFor<T>(_ what: String, timeout: Duration = .seconds(20), detail: () -> String = { "" }, _ probe: () async throws -> T?) async throws -> T {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let value = try await probe() { return value }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw FeedProcessError.timedOut("waited \(timeout) for \(what); the pane showed:\n\(detail())")
    }

    /// Waits for feed to exit and returns its status as the shell printed it.
    public func waitForExit(timeout: Duration = .seconds(20)) async throws -> String {
        let url = directory.appendingPathComponent("status")
        return try await waitFor("feed to exit", timeout: timeout) {
            (try? String(contentsOf: url, encoding: .utf8)).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
    }

    /// Sends `signal` to feed (the script `exec`s it, so it has the script's process ID).
    public func signal(_ signal: Int32) async throws {
        let url = directory.appendingPathComponent("pid")
        let pid = try await waitFor("feed's process ID") { (try? String(contentsOf: url, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
        Foundation.kill(pid, signal)
    }

    /// Waits for stop number `number` (1-based) of a job-control pane; returns `stty -g` while stopped.
    public func waitForStop(_ number: Int) async throws -> String {
        let url = directory.appendingPathComponent("stopped-\(number)")
        return try await waitFor("stop \(number)") { try? String(contentsOf: url, encoding: .utf8) }
    }

    /// Continues the job after stop number `number`, as `fg` does.
    public func continueJob(_ number: Int) throws {
        try Data().write(to: directory.appendingPathComponent("continue-\(number)"))
    }

    public func sttyBefore() throws -> String { try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8) }
    public func sttyAfter() throws -> String { try String(contentsOf: directory.appendingPathComponent("after"), encoding: .utf8) }
}
