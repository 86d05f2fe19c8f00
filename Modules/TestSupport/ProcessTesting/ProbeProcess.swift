// The ProcessTesting module: child processes for crash tests.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A probe executable of this package (a crash test's writer), its stdout read line by line on
/// a thread, killed with SIGKILL at the moment the test chooses.
///
/// Every method blocks; a crash test calls them from its own thread, off Swift's cooperative pool.
public final class ProbeProcess: @unchecked Sendable {
    /// Where SwiftPM put the executable `name`: beside the test bundle, else `.build/debug` of this package.
    public static func executable(_ name: String) -> URL {
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.deletingLastPathComponent().appendingPathComponent(name),
            bundle.appendingPathComponent(name),
        ]
        if let built = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) { return built }
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.appendingPathComponent(".build/debug/\(name)")
    }

    private let process = Process()
    private let output = Pipe()
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false

    /// Starts the executable `name` with `arguments`.
    public init(_ name: String, arguments: [String]) throws {
        process.executableURL = Self.executable(name)
        process.arguments = arguments
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
    public func waitForLines(_ count: Int, deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while lines.count < count && !ended {
            if !condition.wait(until: deadline) { return false }
        }
        return lines.count >= count
    }

    /// Sends SIGKILL and waits for the process and its output to end; `true` when SIGKILL is what ended it.
    public func sigkill(deadline: Date) -> Bool {
        _ = kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        condition.lock()
        defer { condition.unlock() }
        while !ended {
            if !condition.wait(until: deadline) { break }
        }
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    /// How a process ended by itself: its exit status, or the signal that ended it.
    public enum Exit: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Waits for the process to end by itself; `nil` when `deadline` passed first (it is then killed).
    public func waitForExit(deadline: Date) -> Exit? {
        while process.isRunning {
            guard Date() < deadline else {
                _ = kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    }

    /// The lines printed so far.
    public var printed: [String] {
        condition.lock()
        defer { condition.unlock() }
        return lines
    }

    private func readLines() {
        let handle = output.fileHandleForReading
        var pending = Data()
        while true {
            let chunk = PipeRead.chunk(handle)
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
