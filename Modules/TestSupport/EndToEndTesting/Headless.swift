import FeedServer
import Foundation
import ProcessTesting
import Testing
import TestingSupport

/// Helpers to read the headless protocol's JSON.
public enum Headless {
    public static func rows(_ state: [String: Any]) -> [[String: Any]] { state["rows"] as? [[String: Any]] ?? [] }
    public static func ids(_ state: [String: Any]) -> [String] { rows(state).compactMap { $0["id"] as? String } }
    public static func row(_ state: [String: Any], id: String) -> [String: Any]? { rows(state).first { $0["id"] as? String == id } }
    /// Opens the feed, waits for it, and picks the first post whose heart is not liked.
    public static func openOnANotLikedPost(_ feed: FeedProcess) async throws -> (state: [String: Any], row: [String: Any], id: String) {
        _ = try await feed.send("open")
        let loaded = try await feed.send("settle")
        let row = try #require(rows(loaded).first { $0["heart"] as? String == "notLiked" })
        let id = try #require(row["id"] as? String)
        return (loaded, row, id)
    }

    public static func likesText(_ count: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        formatter.usesGroupingSeparator = true
        let number = formatter.string(from: NSNumber(value: count)) ?? String(count)
        return count == 1 ? "1 like" : "\(number) likes"
    }
}

/// A reference server on a free loopback port for one test, stopped when the test ends.
public final class TestServer: @unchecked Sendable {
    public let server: FeedServer
    public let port: UInt16
    public var url: String { "http://127.0.0.1:\(port)" }

    public init(_ configure: (inout FeedServerOptions) -> Void = { _ in }) throws {
        var options = FeedServerOptions()
        options.port = 0
        configure(&options)
        server = FeedServer(options: options)
        port = try server.start()
    }

    deinit { server.stop() }

    /// Waits until the server has counted `count` requests on `route`, or fails after `timeout`.
    public func waitForRequests(_ route: String, count: Int, timeout: Duration = .seconds(20)) async throws {
        let deadline = ContinuousClock.now + timeout
        while server.stats().count(route) < count {
            guard ContinuousClock.now < deadline else {
                throw FeedProcessError.timedOut("\(route) reached \(server.stats().count(route)) of \(count) requests")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Starts `feed --headless --server <this server>` with the follow-up flags of `mode` and extra arguments.
    public func headless(_ mode: FlagMode = .off, _ arguments: [String] = []) throws -> FeedProcess {
        try FeedProcess(["--headless", "--server", url] + mode.arguments + arguments)
    }
}

/// The follow-ups an end-to-end test runs with: the required feed must behave the same with each
/// off, each on alone, and every built one on together. The flags are the build's (`feed flags
/// --json`); a follow-up's own tests name its key with `only`.
public struct FlagMode: Hashable, Sendable, CustomTestStringConvertible {
    /// How the mode shows in test results.
    public let name: String
    /// The follow-ups that are on.
    public let flags: [String]

    /// A mode named `name` with `flags` on (a follow-up's own tests: its flag and those it meets).
    public init(name: String, flags: [String]) {
        self.name = name
        self.flags = flags
    }

    /// Every follow-up off.
    public static let off = FlagMode(name: "off", flags: [])
    /// Every follow-up the build has, on.
    public static let everything = FlagMode(name: "everything", flags: BuildFlags.current.built)

    /// `key` alone on.
    public static func only(_ key: String) -> FlagMode { FlagMode(name: key, flags: [key]) }

    /// Off, each built follow-up alone, and everything.
    public static var all: [FlagMode] { [.off] + BuildFlags.current.built.map(only) + [.everything] }

    /// `--enable` for each flag that is on, and a fresh `--data-dir`.
    public var arguments: [String] {
        flags.flatMap { ["--enable", $0] } + (flags.isEmpty ? [] : ["--data-dir", TemporaryDirectory.make().path])
    }

    public var testDescription: String { name }
}
