import FeedServer
import Foundation

/// (k) Photos while scrolling: the client's peak memory after scrolling 1,000 posts with photos
/// against the same scroll with `--photos off`, and how many photos are ready before their rows
/// become visible when the reader moves one row every 100 ms (the server adds 50 ms per photo).
enum PhotoScrollBenchmark {
    static func run(_ scale: BenchScale) async -> [String] {
        let feed = Bundle.main.bundleURL.appendingPathComponent("feed")
        guard FileManager.default.isExecutableFile(atPath: feed.path) else {
            return ["(k) photos while scrolling: skipped, \(feed.path) is not built (swift build -c release --product feed)"]
        }
        do {
            // Every `see` answers the whole state (all rows so far): the scroll costs rows², so
            // 1,000 rows (well past the photo cache) rather than more.
            let rows = scale.pick(full: 1_000, quick: 200)
            var options = FeedServerOptions(port: 0, posts: rows + 100)
            options.faults.photoLatencyMS = 50
            let server = FeedServer(options: options)
            let url = "http://127.0.0.1:\(try server.start())"
            defer { server.stop() }
            let off = try peakMemory(feed, url: url, photos: false, rows: rows)
            let on = try peakMemory(feed, url: url, photos: true, rows: rows)
            let ready = try readyBeforeVisible(feed, url: url, rows: scale.pick(full: 150, quick: 30))
            let limit = 16.0
            return [
                "(k) photos while scrolling \(rows.formatted()) posts, --image-memory 16 (goal: peak at most the limit + 8 MiB above --photos off)",
                String(format: "    peak RSS: photos off %.1f MiB, photos on %.1f MiB → %.1f MiB more (limit %.0f MiB)", off, on, on - off, limit),
                "    one row every 100 ms, 50 ms per photo (goal: ≥ 90% ready before visible)",
                String(format: "    photos ready when their row became visible: %d of %d (%.0f%%)", ready.ready, ready.rows, 100.0 * Double(ready.ready) / Double(max(1, ready.rows))),
            ]
        } catch {
            return ["(k) photos while scrolling: failed: \(error)"]
        }
    }

    /// The peak RSS of a client (MiB) that scrolled through `rows` posts, a page at a time.
    private static func peakMemory(_ feed: URL, url: String, photos: Bool, rows: Int) throws -> Double {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("feed-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let session = try HeadlessSession(feed, ["--headless", "--server", url, "--photos", photos ? "on" : "off", "--data-dir", dataDir.path])
        _ = try session.send("open")
        _ = try session.send("settle")
        for row in 0..<rows {
            _ = try session.send("see \(row)")
            if row % 20 == 15 { _ = try session.send("settle") }
        }
        _ = try session.send("settle")
        let peak = session.peakMemoryMiB()
        session.quit()
        return peak
    }

    /// How many of `rows` rows showed a loaded photo in the state answering their `see`.
    private static func readyBeforeVisible(_ feed: URL, url: String, rows: Int) throws -> (ready: Int, rows: Int) {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("feed-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let session = try HeadlessSession(feed, ["--headless", "--server", url, "--photos", "on", "--data-dir", dataDir.path])
        _ = try session.send("open")
        _ = try session.send("settle")
        var ready = 0
        var counted = 0
        // The first rows are on screen at once; count from the first row that scrolls into view.
        for row in 3..<(rows + 3) {
            Thread.sleep(forTimeInterval: 0.1)
            let state = try session.send("see \(row)")
            guard let rowsJSON = (try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])?["rows"] as? [[String: Any]],
                rowsJSON.indices.contains(row)
            else { continue }
            counted += 1
            if rowsJSON[row]["photo"] as? String == "loaded" { ready += 1 }
        }
        session.quit()
        return (ready, counted)
    }
}

/// `feed --headless` as a child: one command in, one line out.
final class HeadlessSession {
    private let process = Process()
    private let input: FileHandle
    private let output: FileHandle
    private var buffer = Data()

    init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
    }

    /// Sends `command` and returns the line it answered.
    func send(_ command: String) throws -> String {
        input.write(Data((command + "\n").utf8))
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                return String(decoding: line, as: UTF8.self)
            }
            let chunk = output.availableData
            guard !chunk.isEmpty else { throw BenchError("feed ended before answering \(command)") }
            buffer.append(chunk)
        }
    }

    /// The child's peak resident memory (VmHWM) in MiB.
    func peakMemoryMiB() -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        let kilobytes = Double(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
        return kilobytes / 1024
    }

    func quit() {
        try? input.close()
        process.waitUntilExit()
    }
}
