import Foundation

/// `feed --headless` as a child process: one command in, one JSON line out, with a deadline.
final class FeedClient {
    /// What a command got back.
    enum Reply {
        case line(String)
        case timedOut
        case exited(status: Int32, reason: String)
    }

    let pid: Int32
    private let process = Process()
    private let input = Pipe()
    private let output: PipeLines
    private let errors: PipeLines

    /// Starts `executable` with `arguments`; `environment` is added to this process's own.
    init(executable: URL, arguments: [String], environment: [String: String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["FEED_FLAGS"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = input
        process.standardOutput = stdout
        process.standardError = stderr
        output = PipeLines(stdout.fileHandleForReading)
        errors = PipeLines(stderr.fileHandleForReading, keepLast: 20)
        try process.run()
        pid = process.processIdentifier
    }

    deinit {
        if process.isRunning { Foundation.kill(pid, SIGKILL) }
    }

    /// Sends one command and waits for its line until `timeout`.
    func send(_ command: String, timeout: Duration) -> Reply {
        do {
            try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
        } catch {
            return exitReply(reason: "writing '\(command)' failed: \(error)")
        }
        if let line = output.next(before: Date().addingTimeInterval(Self.seconds(timeout))) { return .line(line) }
        if output.isEnded { return exitReply(reason: "it closed stdout") }
        return .timedOut
    }

    private func exitReply(reason: String) -> Reply {
        guard waitForExit(timeout: .seconds(5)) else { return .timedOut }
        return .exited(status: process.terminationStatus, reason: reason)
    }

    /// SIGKILL, then waits until the process is gone.
    func kill() {
        Foundation.kill(pid, SIGKILL)
        _ = waitForExit(timeout: .seconds(30))
        try? input.fileHandleForWriting.close()
    }

    /// Sends `quit`, closes stdin and returns the exit status; nil when it did not exit in time
    /// (it is killed then).
    func quit(timeout: Duration) -> Int32? {
        try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        try? input.fileHandleForWriting.close()
        guard waitForExit(timeout: timeout) else {
            kill()
            return nil
        }
        return process.terminationStatus
    }

    /// Whether the process exited by itself or was killed, waiting at most `timeout`. (It polls:
    /// Foundation's termination handler keeps a few kilobytes per process for good, which a soak
    /// of thousands of processes would count against the server's memory.)
    private func waitForExit(timeout: Duration) -> Bool {
        let deadline = Date().addingTimeInterval(Self.seconds(timeout))
        while process.isRunning {
            guard Date() < deadline else { return false }
            usleep(2_000)
        }
        process.waitUntilExit()
        return true
    }

    /// Resident memory of the process (VmRSS), in bytes; nil once it is gone.
    var residentBytes: Int? { MemoryProbe.residentBytes(pid: pid) }

    /// The last lines it wrote to stderr.
    var stderrTail: [String] { errors.unread }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
