import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The flags a built `feed` declares, read from `feed flags --json`: end-to-end tests compare its
/// help and messages with this list and run with its flags, and `feed-chaos` toggles the built
/// ones, never with a list of their own (the host collects the flags from its plugins).
public struct BuildFlags: Equatable, Sendable {
    /// One declared flag, as `feed flags --json` lists it.
    public struct Flag: Decodable, Equatable, Sendable {
        /// The flag's key (`offline-pages`).
        public let key: String
        /// Its one-line description.
        public let description: String
        /// Whether this build can switch it on.
        public let built: Bool

        private enum CodingKeys: String, CodingKey { case key, description, built }

        /// Reads a listed flag; a flag listed without a description has an empty one.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            key = try container.decode(String.self, forKey: .key)
            description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
            built = try container.decode(Bool.self, forKey: .built)
        }
    }

    /// Why the list could not be read: one line.
    public struct Failure: Error, Equatable, Sendable {
        /// What happened.
        public let message: String
    }

    /// Every declared flag, in the order `feed` lists them.
    public let flags: [Flag]

    /// A list of `flags`.
    public init(flags: [Flag]) {
        self.flags = flags
    }

    /// Every declared key, in `feed`'s order.
    public var keys: [String] { flags.map(\.key) }
    /// The keys that can be switched on.
    public var built: [String] { flags.filter(\.built).map(\.key) }
    /// Declared but not built yet: always off.
    public var notBuilt: [String] { flags.filter { !$0.built }.map(\.key) }
    /// How `feed`'s messages about an unknown key end: "known flags: a, b".
    public var knownKeysPhrase: String { keys.isEmpty ? "no flags are declared" : "known flags: " + keys.joined(separator: ", ") }

    /// Reads the `flags` array of `feed flags --json`.
    public static func parse(_ json: Data) throws -> BuildFlags {
        struct Document: Decodable { let flags: [Flag] }
        return BuildFlags(flags: try JSONDecoder().decode(Document.self, from: json).flags)
    }

    /// Runs `<feed> flags --json` (no `FEED_FLAGS`, its config and cache in a fresh temporary
    /// directory, killed after `timeout` seconds) and reads what it prints.
    public static func read(feed: URL, timeout: TimeInterval = 60) throws(Failure) -> BuildFlags {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("feed-flags-\(getpid())-\(UUID().uuidString.prefix(8))")
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
            throw Failure(message: "cannot run \(feed.path) flags --json: \(error)")
        }
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(message: "\(feed.path) flags --json ended with status \(process.terminationStatus) (within \(Int(timeout)) s or killed)")
        }
        do {
            return try parse(data)
        } catch {
            throw Failure(message: "\(feed.path) flags --json printed no flag list: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
    }
}
