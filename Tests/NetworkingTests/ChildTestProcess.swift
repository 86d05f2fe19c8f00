import Foundation

/// Runs one test of this test binary again in a child process, for checks that need a process
/// of their own: its memory alone, or an environment (HOME, XDG dirs) that a test cannot change
/// in a shared process. The child is the same test: it sees `variable` set to the test's name.
enum ChildTestProcess {
    /// Set in the child to the name of the test it runs.
    static let variable = "NETWORKING_TESTS_CHILD"

    /// Whether this process is the child started for the test `name`.
    static func isChild(_ name: String) -> Bool {
        ProcessInfo.processInfo.environment[variable] == name
    }

    /// What the child did.
    struct Result {
        /// The exit status (0 when every expectation in the child held).
        let status: Int32
        /// Everything it printed.
        let output: String

        /// The values of `RESULT key=value` lines (`_` in a value stands for a space).
        var values: [String: String] {
            var values: [String: String] = [:]
            for line in output.split(separator: "\n") where line.hasPrefix("RESULT ") {
                for pair in line.dropFirst(7).split(separator: " ") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2 { values[String(parts[0])] = parts[1].replacingOccurrences(of: "_", with: " ") }
                }
            }
            return values
        }
    }

    /// Runs the test whose identifier matches `filter` in a child with `environment` added
    /// (a `nil` value removes the variable), from `directory`; kills it after `limit`. Waits on a thread of its own, not Swift's pool.
    static func run(
        test name: String, filter: String, environment: [String: String?] = [:], directory: URL? = nil,
        limit: Duration = .seconds(60)
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result {
                    try runBlocking(test: name, filter: filter, environment: environment, directory: directory, limit: limit)
                })
            }.start()
        }
    }

    private static func runBlocking(
        test name: String, filter: String, environment: [String: String?] = [:], directory: URL? = nil,
        limit: Duration = .seconds(60)
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var childEnvironment = ProcessInfo.processInfo.environment
        childEnvironment[variable] = name
        for (name, value) in environment { childEnvironment[name] = value }
        process.environment = childEnvironment
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let reader = DispatchQueue(label: "child-output")
        nonisolated(unsafe) var data = Data()
        let readDone = DispatchSemaphore(value: 0)
        reader.async {
            data = output.fileHandleForReading.readDataToEndOfFile()
            readDone.signal()
        }
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            finished.wait()
        }
        readDone.wait()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The resident set size and its peak, in bytes, from /proc/self/status.
    static func memory() -> (resident: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func kilobytes(_ key: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return -1 }
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1) * 1024
        }
        return (kilobytes("VmRSS"), kilobytes("VmHWM"))
    }

    /// Resets the peak resident size (VmHWM) to the current one; `false` where the kernel does not allow it.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }
}
