import FeatureFlags
import Foundation
import Networking
import Synchronization
import Testing
import TestingSupport

/// A temporary cache directory, a manual clock and a report log: one "machine" whose runs of
/// the program share the cache, as consecutive starts would.
final class WatcherFixture: Sendable {
    static let server = URL(string: "http://127.0.0.1:8080")!

    let directory: TemporaryDirectory
    let clock = ManualClock()
    let cache: RemoteFlagsCache
    private let reportLog = ReportLog()

    init(server: URL = WatcherFixture.server) throws {
        directory = try TemporaryDirectory()
        cache = RemoteFlagsCache(directory: directory.url.appendingPathComponent("cache", isDirectory: true), server: server)
    }

    deinit { directory.remove() }

    /// The lines the watchers reported.
    var reports: [String] { reportLog.lines }

    /// The resolution at start, as a host makes it.
    func resolve(
        commandLine: CommandLineFlags = CommandLineFlags(), environment: [String: String] = [:], configFile: URL? = nil,
        registry: FlagRegistry = .testing
    ) -> ResolvedFlags {
        FlagResolver(registry: registry).resolve(
            commandLine: commandLine, environment: environment, cache: cache, configFile: configFile, now: clock.date)
    }

    /// A watcher on the manual clock; every 300 s, backoff without jitter, up to 1800 s.
    func watcher(
        flags: ResolvedFlags, client: any HTTPClient,
        configuration: RemoteFlagsWatcher.Configuration = .init(interval: .seconds(300), maxBackoff: .seconds(1800), jitter: false)
    ) -> RemoteFlagsWatcher {
        let clock = clock
        return RemoteFlagsWatcher(
            flags: flags, client: client, cache: cache, configuration: configuration,
            report: { [reportLog] line in reportLog.append(line) },
            sleep: { try await clock.sleep(for: $0) }, now: { clock.date })
    }

    /// Runs `watcher` until it has fetched `fetches` times and sleeps again (advancing the clock by
    /// each wait it asks for), then stops it; returns every update it published.
    @discardableResult
    func run(_ watcher: RemoteFlagsWatcher, client: ScriptedHTTPClient, fetches: Int) async -> [LiveFlagsUpdate] {
        let before = client.requests.count
        let sleepsBefore = clock.requestedSleeps.count
        let task = Task { await watcher.run() }
        for fetch in 1...fetches {
            let asleep = await eventually(within: .seconds(60)) { client.requests.count == before + fetch && clock.sleeperCount == 1 }
            // A failed expectation, never a crash: a crash would end every other test of the run with it.
            guard asleep else {
                Issue.record("the watcher did not fetch and sleep (fetch \(fetch) of \(fetches): \(client.requests.count - before) requests, \(clock.sleeperCount) sleepers)")
                break
            }
            if fetch < fetches, let wait = clock.requestedSleeps.dropFirst(sleepsBefore).last {
                clock.advance(by: wait)
            }
        }
        task.cancel()
        await task.value
        var updates: [LiveFlagsUpdate] = []
        for await update in watcher.updates { updates.append(update) }
        return updates
    }

    /// The cache file's JSON object.
    func cacheFile() throws -> [String: Any] {
        let data = try Data(contentsOf: cache.fileURL)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}

/// Lines reported by watchers, in order.
final class ReportLog: Sendable {
    private let state = Mutex<[String]>([])

    var lines: [String] { state.withLock { $0 } }

    func append(_ line: String) {
        state.withLock { $0.append(line) }
    }
}
