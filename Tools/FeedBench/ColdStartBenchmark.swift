import FeedServer
import Foundation

/// (d) Cold start to first content: from process start to the first headless state with rows,
/// with 60 saved posts, while the server refuses connections, answers after 3 s, or accepts and
/// never answers — next to the same binary doing nothing.
enum ColdStartBenchmark {
    static func run() async -> [String] {
        let feed = Bundle.main.bundleURL.appendingPathComponent("feed")
        guard FileManager.default.isExecutableFile(atPath: feed.path) else {
            return ["(d) cold start: skipped, \(feed.path) is not built (swift build -c release --product feed)"]
        }
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("feed-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        do {
            let server = FeedServer(options: FeedServerOptions(port: 0))
            let port = try server.start()
            let url = "http://127.0.0.1:\(port)"
            let arguments = ["--headless", "--server", url, "--enable", "offline-pages", "--data-dir", dataDir.path]
            // Fill the cache with three pages (60 posts), then take the server away.
            let saved = try HeadlessRun.lines(feed, arguments, input: ["open", "settle", "see 19", "settle", "see 39", "settle", "quit"])
            server.stop()
            guard let last = saved.last, last.contains("\"id\":\"") else { return ["(d) cold start: could not fill the cache: \(saved.last ?? "no output")"] }
            let rows = last.components(separatedBy: "\"id\":\"").count - 1

            var lines = ["(d) cold start to first content, \(rows) saved posts (goal: within 50 ms of process start, whatever the server does)"]
            let baseline = try median(11) { try HeadlessRun.timeToExit(feed, ["--version"]) }
            lines.append("    `feed --version` start to exit \(Measure.format(baseline)) (medians of 11)")
            // What CI's `workspace-check launch` checks: the embedded server, a fresh data directory each start.
            let embedded = try median(11) {
                let fresh = dataDir.appendingPathComponent("embedded-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: fresh) }
                return try HeadlessRun.timeToFirstLine(feed, ["--headless", "--data-dir", fresh.path], input: "open\nsettle", containing: "\"rows\":[{")
            }
            lines.append("    embedded: first state with rows \(Measure.format(embedded)) → \(Measure.ratio(embedded, baseline)) of a bare start (CI: workspace-check launch)")
            let firstRows = { try HeadlessRun.timeToFirstLine(feed, arguments, input: "open", containing: "\"rows\":[{") }
            // The server refuses connections (stopped).
            let refusing = try median(11, firstRows)
            lines.append("    refused : first state with rows \(Measure.format(refusing)) → \(Measure.ratio(refusing, baseline)) of a bare start")
            // The server answers every request after 3 s.
            var slowOptions = FeedServerOptions(port: port)
            slowOptions.faults.latencyMS = 3_000
            let slow = FeedServer(options: slowOptions)
            _ = try slow.start()
            let slowFirst = try median(7, firstRows)
            slow.stop()
            lines.append("    slow 3 s: first state with rows \(Measure.format(slowFirst)) → \(Measure.ratio(slowFirst, baseline)) of a bare start")
            // The server accepts connections and never answers.
            let hung = try SilentListener(port: port)
            let hungFirst = try median(7, firstRows)
            hung.close()
            lines.append("    hung    : first state with rows \(Measure.format(hungFirst)) → \(Measure.ratio(hungFirst, baseline)) of a bare start")
            return lines
        } catch {
            return ["(d) cold start: failed: \(error)"]
        }
    }
}

/// The median of `runs` timings.
private func median(_ runs: Int, _ body: () throws -> Duration) throws -> Duration {
    var samples: [Duration] = []
    for _ in 0..<runs { samples.append(try body()) }
    return samples.sorted()[samples.count / 2]
}

/// Runs `feed` as a child process and times it.
enum HeadlessRun {
    /// All stdout lines of a run fed `input`.
    static func lines(_ executable: URL, _ arguments: [String], input: [String]) throws -> [String] {
        let (process, stdin, stdout) = try start(executable, arguments)
        let watchdog = killed(process, after: 60)
        stdin.write(Data((input.joined(separator: "\n") + "\n").utf8))
        try stdin.close()
        let data = stdout.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        if process.terminationReason == .uncaughtSignal { throw BenchError("\(executable.lastPathComponent) did not end within 60 s") }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// SIGKILLs `process` after `seconds` unless cancelled first: a hung child never hangs the benchmark.
    private static func killed(_ process: Process, after seconds: Int) -> DispatchWorkItem {
        let pid = process.processIdentifier
        let item = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: item)
        return item
    }

    /// From launch to the first stdout line containing `marker`, after writing `input`.
    static func timeToFirstLine(_ executable: URL, _ arguments: [String], input: String, containing marker: String) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        let (process, stdin, stdout) = try self.start(executable, arguments)
        let watchdog = killed(process, after: 60)
        defer { watchdog.cancel() }
        stdin.write(Data((input + "\n").utf8))
        var buffer = Data()
        var elapsed: Duration?
        while elapsed == nil {
            let chunk = stdout.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            if String(decoding: buffer, as: UTF8.self).contains(marker) { elapsed = clock.now - start }
        }
        // Measured: the rest (a page still waiting for a slow server) is not.
        process.terminate()
        try? stdin.close()
        process.waitUntilExit()
        guard let elapsed else { throw BenchError("no line with \(marker) from \(executable.lastPathComponent)") }
        return elapsed
    }

    /// From launch to exit: the end of its output, since Foundation's `waitUntilExit` polls and
    /// would add tens of milliseconds to a start of a few.
    static func timeToExit(_ executable: URL, _ arguments: [String]) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        let (process, _, stdout) = try self.start(executable, arguments)
        let watchdog = killed(process, after: 60)
        defer { watchdog.cancel() }
        _ = stdout.readDataToEndOfFile()
        let elapsed = clock.now - start
        process.waitUntilExit()
        return elapsed
    }

    private static func start(_ executable: URL, _ arguments: [String]) throws -> (Process, FileHandle, FileHandle) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, input.fileHandleForWriting, output.fileHandleForReading)
    }
}

/// A benchmark that could not run.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
