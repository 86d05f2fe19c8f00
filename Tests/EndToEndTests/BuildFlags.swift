import Foundation
import TestingSupport

/// The flags the built `feed` declares, read once per test process from `feed flags --json`: the
/// tests compare `feed`'s help and messages with this list and run with its flags, never with a
/// list of their own (the host collects the flags from its plugins).
struct BuildFlags: Sendable {
    /// One declared flag, as `feed flags --json` lists it.
    struct Flag: Decodable, Sendable {
        let key: String
        let description: String
        let built: Bool
    }

    /// Every declared flag, in the order `feed` lists them.
    let flags: [Flag]
    /// Why the list could not be read; nil when it was.
    let problem: String?

    /// The list of the `feed` under test, read on first use.
    static let current = read()

    /// Every declared key, in `feed`'s order.
    var keys: [String] { flags.map(\.key) }
    /// The keys that can be switched on.
    var built: [String] { flags.filter(\.built).map(\.key) }
    /// How `feed`'s messages about an unknown key end: "known flags: a, b".
    var knownKeysPhrase: String { keys.isEmpty ? "no flags are declared" : "known flags: " + keys.joined(separator: ", ") }

    private static func read() -> BuildFlags {
        let process = Process()
        process.executableURL = FeedProcess.executable
        process.arguments = ["flags", "--json"]
        var environment = ProcessInfo.processInfo.environment
        environment["FEED_FLAGS"] = nil
        let home = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: home) }
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
            return BuildFlags(flags: [], problem: "cannot run \(FeedProcess.executable.path) flags --json: \(error)")
        }
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        struct Document: Decodable { let flags: [Flag] }
        guard process.terminationStatus == 0, let document = try? JSONDecoder().decode(Document.self, from: data) else {
            return BuildFlags(flags: [], problem: "feed flags --json (status \(process.terminationStatus)) printed no flag list: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return BuildFlags(flags: document.flags, problem: nil)
    }
}
