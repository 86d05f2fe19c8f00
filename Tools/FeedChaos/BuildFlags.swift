import Foundation

/// The flags the `feed` under test declares, read from `feed flags --json`: the built ones are
/// toggled by the sessions, the others can never be on and are left alone.
struct BuildFlags: Equatable, Sendable {
    /// One declared flag, as `feed flags --json` lists it.
    struct Flag: Decodable, Equatable, Sendable {
        let key: String
        let built: Bool
    }

    /// Every declared flag, in the order `feed` lists them.
    let flags: [Flag]

    /// The keys the sessions switch on and off: every built flag, whatever its kind.
    var toggled: [String] { flags.filter(\.built).map(\.key) }
    /// Declared but not built yet: always off.
    var notBuilt: [String] { flags.filter { !$0.built }.map(\.key) }

    /// Reads the `flags` array of `feed flags --json`.
    static func parse(_ json: Data) throws -> BuildFlags {
        struct Document: Decodable { let flags: [Flag] }
        return BuildFlags(flags: try JSONDecoder().decode(Document.self, from: json).flags)
    }

    /// Runs `<feed> flags --json` (no `FEED_FLAGS`, its config and cache in a fresh temporary
    /// directory) and reads what it prints; throws a one-line reason.
    static func read(feed: URL, timeout: TimeInterval = 60) throws(SessionStop) -> BuildFlags {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("feed-chaos-flags-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = feed
        process.arguments = ["flags", "--json"]
        var environment = ProcessInfo.processInfo.environment
        environment["FEED_FLAGS"] = nil
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .environment("cannot run \(feed.path) flags --json: \(error); build it (swift build) or pass --feed PATH")
        }
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw .environment("\(feed.path) flags --json ended with status \(process.terminationStatus) (within \(Int(timeout)) s or killed)")
        }
        do {
            return try parse(data)
        } catch {
            throw .environment("\(feed.path) flags --json printed no flag list: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
    }
}
