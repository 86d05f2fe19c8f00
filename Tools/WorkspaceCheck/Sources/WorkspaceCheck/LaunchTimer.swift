import Foundation

/// Starts the shipping binary as a child process and times it: a bare start (spawn to exit) and a
/// measured start (spawn to the first output line holding the budget's marker). Every child is
/// ended before a call returns, and killed after `timeoutSeconds` whatever happens.
struct LaunchTimer: Sendable {
    /// The executable, absolute.
    let executable: String
    /// What to run and what ends a measured start.
    let budget: LaunchBudget
    /// A child still running after this long is killed and the run fails.
    var timeoutSeconds = 30

    /// `runs` bare and measured starts, alternating, so both see the same load.
    func samples(runs: Int) throws(UsageError) -> (bare: [Duration], measured: [Duration]) {
        var bare: [Duration] = []
        var measured: [Duration] = []
        for _ in 0..<runs {
            bare.append(try bareStart())
            measured.append(try measuredStart())
        }
        return (bare, measured)
    }

    /// From spawn to exit of `executable bareArguments` (the end of its output: Foundation's
    /// `waitUntilExit` polls, which would add tens of milliseconds), which must exit 0.
    func bareStart() throws(UsageError) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        let (process, stdout) = try spawn(budget.bareArguments, input: FileHandle.nullDevice)
        let watchdog = killing(process)
        defer { watchdog.cancel() }
        _ = stdout.readDataToEndOfFile()
        let elapsed = clock.now - start
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw UsageError("`\(command(budget.bareArguments))` did not exit 0 (\(ending(process))); run it by hand to see why")
        }
        return elapsed
    }

    /// From spawn to the first standard-output line containing the marker, with `input` as its
    /// standard input (a file, so a child that exits early can never SIGPIPE this process); the
    /// child is terminated right after.
    func measuredStart() throws(UsageError) -> Duration {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-check-launch-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let directory = "\(scratch)/data"
        let inputFile = "\(scratch)/input"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let text = budget.input.isEmpty ? "" : budget.input.joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: inputFile))
        } catch {
            throw UsageError("could not create a temporary data directory (\(error.localizedDescription)); check that TMPDIR is writable")
        }
        let arguments = budget.arguments.map { $0.replacingOccurrences(of: "{dataDir}", with: directory) }
        guard let input = FileHandle(forReadingAtPath: inputFile) else {
            throw UsageError("could not read back \(inputFile); check that TMPDIR is readable")
        }
        defer { try? input.close() }
        let clock = ContinuousClock()
        let start = clock.now
        let (process, stdout) = try spawn(arguments, input: input)
        let watchdog = killing(process)
        defer {
            watchdog.cancel()
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        var pending = Data()
        let marker = Data(budget.marker.utf8)
        let limit = 4 << 20
        while true {
            let chunk = stdout.availableData
            guard !chunk.isEmpty else { break }
            pending.append(chunk)
            if pending.range(of: marker) != nil { return clock.now - start }
            // Keep only the unfinished line: a long run of output never grows the buffer unbounded.
            if let newline = pending.lastIndex(of: 0x0A) { pending = Data(pending[pending.index(after: newline)...]) }
            guard pending.count <= limit else { break }
        }
        process.waitUntilExit()
        throw UsageError("`\(command(arguments))` ended without a line containing \(budget.marker) (\(ending(process))); run it by hand to see why, or correct \"launch\" in the config")
    }

    private func spawn(_ arguments: [String], input: FileHandle) throws(UsageError) -> (Process, FileHandle) {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw UsageError("no executable \(executable); run `swift build -c release --product \(budget.product)` first (or pass --build-path DIR)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw UsageError("could not start \(executable) (\(error.localizedDescription))")
        }
        return (process, output.fileHandleForReading)
    }

    /// SIGKILLs `process` after the timeout unless cancelled first: a hung child never hangs CI.
    private func killing(_ process: Process) -> DispatchWorkItem {
        let pid = process.processIdentifier
        let item = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeoutSeconds), execute: item)
        return item
    }

    private func command(_ arguments: [String]) -> String {
        ([budget.product] + arguments).joined(separator: " ")
    }

    private func ending(_ process: Process) -> String {
        process.terminationReason == .uncaughtSignal
            ? "killed by signal \(process.terminationStatus)\(process.terminationStatus == SIGKILL ? ", after \(timeoutSeconds) s" : "")"
            : "exit \(process.terminationStatus)"
    }
}
