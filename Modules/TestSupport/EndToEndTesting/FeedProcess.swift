import Foundation
import ProcessTesting
import Synchronization
import Testing
import TestingSupport

/// The built `feed` executable, run as a child process with pipes on stdin, stdout and stderr.
public final class FeedProcess: @unchecked Sendable {
    /// Where `swift build` put `feed`.
    public static let executable = product("feed")

    /// Where `swift build` put the executable `name`: beside the test bundle, else `.build/debug` of this package.
    public static func product(_ name: String) -> URL {
        let besideTests = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        // This file is Modules/TestSupport/EndToEndTesting/FeedProcess.swift: four folders below the package root.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.appendingPathComponent(".build/debug/\(name)")
    }

    private let process = Process()
    private let input = Pipe()
    private let output = LineBuffer()
    private let errors = LineBuffer()
    private let exited = ExitSignal()

    /// Starts `feed` (or `executable`) with `arguments` and `environment` added to this process's environment.
    public init(_ arguments: [String], environment: [String: String] = [:], executable: URL = FeedProcess.executable) throws {
        process.executableURL = executable
        process.arguments = executable == Self.executable ? Self.withoutPhotosUnlessAsked(arguments) : arguments
        var env = ProcessInfo.processInfo.environment
        env["FEED_FLAGS"] = nil
        // Telemetry's default (`local`) keeps a queue file in the data directory; the tests that count
        // the files there run without it, and the telemetry tests say what they want.
        env["FEED_TELEMETRY"] = "off"
        env["XDG_CONFIG_HOME"] = TemporaryDirectory.make("feed-e2e-config").path
        env["XDG_CACHE_HOME"] = TemporaryDirectory.make("feed-e2e-cache").path
        env["XDG_STATE_HOME"] = TemporaryDirectory.make("feed-e2e-state").path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = input
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        output.drain(stdout.fileHandleForReading)
        errors.drain(stderr.fileHandleForReading)
        process.terminationHandler = { [exited] _ in exited.fire() }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The child's process ID.
    public var pid: Int32 { process.processIdentifier }

    /// `arguments` with `--photos off` for a mode that shows the feed, unless the test asks about
    /// photos itself: rendering photos on a 2-core machine would only slow the other tests.
    public static func withoutPhotosUnlessAsked(_ arguments: [String]) -> [String] {
        let subcommands: Set<String> = ["serve", "login", "logout", "flags", "help", "queue", "stats", "completion", "man"]
        if let first = arguments.first, subcommands.contains(first) { return arguments }
        if arguments.contains(where: { $0 == "--photos" || $0.hasPrefix("--photos=") }) { return arguments }
        return arguments + ["--photos", "off"]
    }

    /// Writes one line to stdin without waiting for an answer.
    public func write(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Sends one headless command and returns the JSON line it answered.
    public func send(_ command: String, timeout: Duration = .seconds(30)) async throws -> [String: Any] {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        let line = try await output.next(timeout: timeout)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(object as? [String: Any], "a JSON object for '\(command)': \(line)")
    }

    /// The next line written to stdout, without sending anything.
    public func nextOutputLine(timeout: Duration = .seconds(30)) async throws -> String {
        try await output.next(timeout: timeout)
    }

    /// Sends SIGTERM.
    public func terminate() {
        process.terminate()
    }

    /// Closes stdin and waits for the exit status.
    public func finish(timeout: Duration = .seconds(30)) async throws -> Int32 {
        try? input.fileHandleForWriting.close()
        return try await waitForExit(timeout: timeout)
    }

    /// Waits for the process to exit by itself; kills it after `timeout`.
    public func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32 {
        let killed = Mutex(false)
        let timer = Task { [process] in
            try await Task.sleep(for: timeout)
            if process.isRunning {
                killed.withLock { $0 = true }
                process.terminate()
            }
        }
        defer { timer.cancel() }
        await exited.wait()
        if killed.withLock({ $0 }) { throw FeedProcessError.timedOut("feed did not exit within \(timeout)") }
        return process.terminationStatus
    }

    /// Everything written to stdout so far, once the process ended.
    public func remainingOutput(timeout: Duration = .seconds(10)) async -> [String] { await output.all(afterEOF: timeout) }

    /// Everything written to stderr so far, once the process ended.
    public func errorOutput(timeout: Duration = .seconds(10)) async -> [String] { await errors.all(afterEOF: timeout) }
}

public enum FeedProcessError: Error, CustomStringConvertible {
    case timedOut(String)
    public var description: String {
        switch self {
        case .timedOut(let message): message
        }
    }
}

/// A one-shot signal from the process's termination handler to an awaiting test.
public final class ExitSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A signal not fired yet.
    public init() {}

    public func fire() {
        lock.lock()
        fired = true
        let waiters = self.waiters
        self.waiters.removeAll()
        lock.unlock()
        for waiter in waiters { waiter.resume() }
    }

    public func wait() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if fired {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }
}

/// Lines read from a pipe on a thread of their own, handed out in order with a deadline.
public final class LineBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var ended = false
    private var waiter: CheckedContinuation<String?, Never>?
    private var endWaiters: [CheckedContinuation<Void, Never>] = []

    /// Reads `handle` until end of file on a new thread.
    public func drain(_ handle: FileHandle) {
        let thread = Thread { [self] in
            var pending = Data()
            while true {
                let chunk = PipeRead.chunk(handle)
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    deliver(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            if !pending.isEmpty { deliver(String(decoding: pending, as: UTF8.self)) }
            finish()
        }
        thread.start()
    }

    private func deliver(_ line: String) {
        lock.lock()
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.resume(returning: line)
        } else {
            lines.append(line)
            lock.unlock()
        }
    }

    private func finish() {
        lock.lock()
        ended = true
        let waiter = self.waiter
        self.waiter = nil
        let endWaiters = self.endWaiters
        self.endWaiters.removeAll()
        lock.unlock()
        waiter?.resume(returning: nil)
        for end in endWaiters { end.resume() }
    }

    private func timeOut() {
        lock.lock()
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(returning: nil)
    }

    /// The next line, or an error when none comes before the deadline or the pipe ended.
    public func next(timeout: Duration) async throws -> String {
        let timer = Task {
            try await Task.sleep(for: timeout)
            timeOut()
        }
        defer { timer.cancel() }
        let line: String? = await withCheckedContinuation { continuation in
            lock.lock()
            if !lines.isEmpty {
                let line = lines.removeFirst()
                lock.unlock()
                continuation.resume(returning: line)
            } else if ended {
                lock.unlock()
                continuation.resume(returning: nil)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
        guard let line else { throw FeedProcessError.timedOut("no answer from feed within \(timeout) (or it closed stdout)") }
        return line
    }

    /// All lines not handed out yet, once the pipe ended (or the timeout passed).
    public func all(afterEOF timeout: Duration) async -> [String] {
        let timer = Task {
            try await Task.sleep(for: timeout)
            self.releaseEndWaiters()
        }
        defer { timer.cancel() }
        await withCheckedContinuation { continuation in
            lock.lock()
            if ended {
                lock.unlock()
                continuation.resume()
            } else {
                endWaiters.append(continuation)
                lock.unlock()
            }
        }
        return takeAll()
    }

    private func takeAll() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let rest = lines
        lines.removeAll()
        return rest
    }

    private func releaseEndWaiters() {
        lock.lock()
        let endWaiters = self.endWaiters
        self.endWaiters.removeAll()
        lock.unlock()
        for end in endWaiters { end.resume() }
    }
}
