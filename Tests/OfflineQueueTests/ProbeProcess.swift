import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `queue-crash-probe` (target `QueueCrashProbe`), its stdout read line by line on a thread.
///
/// Every method blocks; the crash test calls them from its own thread, off Swift's cooperative pool.
final class ProbeProcess: @unchecked Sendable {
    /// Where SwiftPM put the probe: beside the test bundle, else `.build/debug` of this package.
    static let executable: URL = {
        let name = "QueueCrashProbe"
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.deletingLastPathComponent().appendingPathComponent(name),
            bundle.appendingPathComponent(name),
        ]
        if let built = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) { return built }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/\(name)")
    }()

    private let process = Process()
    private let output = Pipe()
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false

    /// Starts the probe on the outbox at `path` with `arguments` after it.
    init(path: String, arguments: [String]) throws {
        process.executableURL = Self.executable
        process.arguments = [path] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let reader = Thread { [self] in readLines() }
        reader.start()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits until `count` lines have arrived or the output ended; `false` when `deadline` passed first.
    func waitForLines(_ count: Int, deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while lines.count < count && !ended {
            if !condition.wait(until: deadline) { return false }
        }
        return lines.count >= count
    }

    /// Sends SIGKILL and waits for the process and its output to end; `true` when SIGKILL is what ended it.
    func sigkill(deadline: Date) -> Bool {
        _ = kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        condition.lock()
        defer { condition.unlock() }
        while !ended {
            if !condition.wait(until: deadline) { break }
        }
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    /// The lines printed so far.
    var printed: [String] {
        condition.lock()
        defer { condition.unlock() }
        return lines
    }

    private func readLines() {
        let handle = output.fileHandleForReading
        var pending = Data()
        while true {
            let chunk = handle.availableData
            condition.lock()
            if chunk.isEmpty {
                ended = true
                condition.broadcast()
                condition.unlock()
                return
            }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
            condition.broadcast()
            condition.unlock()
        }
    }
}
