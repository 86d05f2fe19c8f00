import Foundation
import Networking

/// Keeps the remote flags fresh while the program runs: asks `GET /v1/flags` at once and then
/// every `interval`, revalidating with `If-None-Match`, saves each good answer in the cache for
/// the next start, and publishes on `updates` every flag the server switches off.
///
/// The rule: a flag the server switches OFF stops live (the host stops its follow-up); a flag it
/// switches ON only takes effect at the next start. Fetches never overlap. Failures are silent:
/// the watcher waits 2×, 4×… the interval (up to `maxBackoff`, randomised) and honours a
/// `Retry-After` the client could not wait out itself. A body that is refused (too large, wrong
/// shape) is reported once through `report`, like unknown keys.
public actor RemoteFlagsWatcher {
    /// Flag changes, one element per fetch that switched something off; ends when `run` ends.
    /// A flag turns off at most once per run, so the stream holds at most one element per flag.
    public nonisolated let updates: AsyncStream<LiveFlagsUpdate>
    private let continuation: AsyncStream<LiveFlagsUpdate>.Continuation
    private let start: ResolvedFlags
    private let fetcher: RemoteFlagsFetcher
    private let cache: RemoteFlagsCache?
    private let configuration: Configuration
    private let report: @Sendable (String) -> Void
    private let sleep: @Sendable (Duration) async throws -> Void
    private let now: @Sendable () -> Date
    private var live: ResolvedFlags
    private var snapshot: RemoteFlagsSnapshot?
    private var onAtNextStart: Set<FlagKey> = []
    private var failuresInARow = 0
    private var retryAfter: Duration?
    private var reported: Set<String> = []
    private var isFetching = false
    private var hasRun = false

    /// A watcher of the server behind `client`, starting from `flags` (the resolution at start),
    /// saving into `cache`. `report` receives one line per distinct problem with the server's
    /// answers; `sleep` and `now` are the clock (tests pass their own).
    public init(
        flags: ResolvedFlags, client: any HTTPClient, cache: RemoteFlagsCache?,
        configuration: Configuration = Configuration(),
        report: @escaping @Sendable (String) -> Void = { _ in },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        (updates, continuation) = AsyncStream.makeStream(of: LiveFlagsUpdate.self, bufferingPolicy: .unbounded)
        self.start = flags
        self.live = flags
        self.snapshot = flags.remoteSnapshot
        self.configuration = configuration.clamped
        // One retry: the client waits out a short Retry-After (and a 5xx) itself.
        self.fetcher = RemoteFlagsFetcher(
            client: client, registry: flags.layers.registry, timeout: self.configuration.requestTimeout, retryLimit: 1)
        self.cache = cache
        self.report = report
        self.sleep = sleep
        self.now = now
    }

    /// The flags in force now.
    public var flags: ResolvedFlags { live }

    /// Fetches at once, then after each wait, until the calling task is cancelled; then finishes
    /// `updates`. A second call returns at once.
    public func run() async {
        guard !hasRun else { return }
        hasRun = true
        defer { continuation.finish() }
        while !Task.isCancelled {
            _ = await refreshOnce()
            guard !Task.isCancelled else { break }
            do {
                try await sleep(nextWait())
            } catch {
                break
            }
        }
    }

    /// One fetch now (for a command that does not watch), unless one is under way.
    public func refreshOnce() async -> RemoteFlagsRefresh {
        guard !isFetching else { return .alreadyInFlight }
        isFetching = true
        defer { isFetching = false }
        retryAfter = nil
        switch await fetcher.fetch(etag: snapshot?.etag, now: now) {
        case .fresh(let fresh, let diagnostics):
            diagnostics.forEach(reportOnce)
            failuresInARow = 0
            let changed = fresh.values != snapshot?.values
            snapshot = fresh
            save(fresh)
            apply(fresh)
            return changed ? .changed : .unchanged
        case .notModified:
            failuresInARow = 0
            guard var current = snapshot else { return .unchanged }
            current.fetchedAt = now()
            snapshot = current
            save(current)
            return .notModified
        case .failed(let error):
            if error != .cancelled { failuresInARow += 1 }
            switch error {
            case .retryAfterTooLong(let seconds):
                retryAfter = min(.seconds(max(0, seconds)), configuration.longestRetryAfter)
            case .decoding:
                reportOnce("\(RemoteFlagsFetcher.origin) ignored: \(error); the flags in use stay as they are")
            default:
                break
            }
            return .failed(error.description)
        }
    }

    /// Applies `fresh` to the live flags: turn-offs now, turn-ons at the next start.
    private func apply(_ fresh: RemoteFlagsSnapshot) {
        let date = now()
        let resolved = start.layers.resolve(remote: RemoteLayer(snapshot: fresh, origin: .live, diagnostics: []), at: date)
        var entries = live.entries
        var turnedOff: [FlagKey] = []
        for (position, entry) in entries.enumerated() {
            let key = entry.definition.key
            guard let latest = resolved.entry(key) else { continue }
            if entry.isOn, !latest.isOn {
                entries[position] = latest
                turnedOff.append(key)
            } else if !entry.isOn, latest.isOn {
                onAtNextStart.insert(key)
            } else {
                onAtNextStart.remove(key)
            }
        }
        live = live.replacing(entries: entries, remoteSnapshot: fresh, at: date)
        guard !turnedOff.isEmpty else { return }
        continuation.yield(LiveFlagsUpdate(flags: live, turnedOff: turnedOff, onAtNextStart: onAtNextStart.sorted()))
    }

    /// The wait before the next fetch: the interval, or after failures a capped, randomised
    /// backoff, never shorter than a `Retry-After`.
    private func nextWait() -> Duration {
        guard failuresInARow > 0 else { return configuration.interval }
        let doubled = configuration.interval * (1 << min(failuresInARow, 20))
        var wait = min(doubled, configuration.maxBackoff)
        if configuration.jitter {
            let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
            wait = .seconds(seconds / 2 + Double.random(in: 0...(seconds / 2)))
        }
        if let retryAfter { wait = max(wait, retryAfter) }
        return wait
    }

    private func save(_ snapshot: RemoteFlagsSnapshot) {
        guard let cache else { return }
        do {
            try cache.save(snapshot)
        } catch {
            reportOnce("remote flags cache not saved: \(error); the next start uses the last one saved")
        }
    }

    /// Reports `line` unless it was reported before (at most 100 distinct lines per run).
    private func reportOnce(_ line: String) {
        guard reported.count < 100, reported.insert(line).inserted else { return }
        report(line)
    }
}
