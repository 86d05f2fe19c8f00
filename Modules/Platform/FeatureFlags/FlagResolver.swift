import Foundation
import Networking

/// Resolves every declared flag from its sources, highest precedence first: command line,
/// `FEED_FLAGS`, remote (`GET /v1/flags`), config file, default.
///
/// Kill switches: when the remote source says `false` for a `.killSwitch` flag, the flag is off
/// whatever any other source says, the command line included — that is what a kill switch is for.
///
/// At start, resolve with a `RemoteFlagsCache`: that is instant and never touches the network;
/// the remote values are the last ones a `RemoteFlagsWatcher` saved (none before the first fetch
/// ever, so the registry's defaults apply). Resolution never fails: a cache or config file that
/// cannot be used, an unknown key, or switching on a flag that is not built yet is ignored and
/// described in `ResolvedFlags.diagnostics`. A missing config file or cache says nothing.
public struct FlagResolver: Sendable {
    /// The environment variable read for flags: `FEED_FLAGS="k1,-k2"`.
    public static let environmentVariable = "FEED_FLAGS"
    /// The path of the remote flags endpoint.
    public static let remotePath = "/v1/flags"

    /// The declared flags.
    public let registry: FlagRegistry
    /// The most time `resolve(…remote:…)` gives the server; then it is ignored.
    public let remoteTimeout: Duration

    /// Creates a resolver for `registry`; a live remote fetch gets at most `remoteTimeout`.
    public init(registry: FlagRegistry, remoteTimeout: Duration = .seconds(1)) {
        self.registry = registry
        self.remoteTimeout = remoteTimeout
    }

    /// The conventional config file: `$XDG_CONFIG_HOME/feed/flags.json`, else
    /// `$HOME/.config/feed/flags.json`; `nil` when neither variable is set.
    public static func standardConfigFile(environment: [String: String]) -> URL? {
        let base: URL
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
            base = URL(fileURLWithPath: config, isDirectory: true)
        } else if let home = environment["HOME"], !home.isEmpty {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        } else {
            return nil
        }
        return base.appendingPathComponent("feed", isDirectory: true).appendingPathComponent("flags.json")
    }

    /// Resolves every flag at once, without the network: the remote values come from `cache`
    /// (the last good answer of this server, saved by a `RemoteFlagsWatcher`), or there are none.
    /// Pass the result to `RemoteFlagsWatcher` to refresh the cache and apply kill switches live.
    public func resolve(
        commandLine: CommandLineFlags = CommandLineFlags(),
        environment: [String: String] = [:],
        cache: RemoteFlagsCache?,
        configFile: URL? = nil,
        now: Date = Date()
    ) -> ResolvedFlags {
        let layers = FlagLayers(registry: registry, commandLine: commandLine, environment: environment, configFile: configFile)
        var remote = RemoteLayer.none
        if let cache {
            let (snapshot, problem) = cache.load(registry: registry)
            remote.diagnostics = problem.map { [$0] } ?? []
            if let snapshot {
                remote.snapshot = snapshot
                remote.origin = .cached(snapshot.fetchedAt)
            }
        }
        return layers.resolve(remote: remote, at: now)
    }

    /// Resolves every flag, asking `remote` for `GET /v1/flags` first and waiting up to
    /// `remoteTimeout` for it (one attempt, no retry). This holds up the caller: at start, prefer
    /// `resolve(…cache:…)` and a `RemoteFlagsWatcher`.
    public func resolve(
        commandLine: CommandLineFlags = CommandLineFlags(),
        environment: [String: String] = [:],
        remote: (any HTTPClient)? = nil,
        configFile: URL? = nil
    ) async -> ResolvedFlags {
        var layer = RemoteLayer.none
        if let remote {
            let fetcher = RemoteFlagsFetcher(client: remote, registry: registry, timeout: remoteTimeout, retryLimit: 0)
            switch await fetch(with: fetcher) {
            case .fresh(let snapshot, let diagnostics):
                layer = RemoteLayer(snapshot: snapshot, origin: .fetched, diagnostics: diagnostics)
            case .notModified:
                break
            case .failed(let error):
                layer.diagnostics = ["\(RemoteFlagsFetcher.origin) ignored: \(error); using the other sources"]
            }
        }
        let layers = FlagLayers(registry: registry, commandLine: commandLine, environment: environment, configFile: configFile)
        return layers.resolve(remote: layer, at: Date())
    }

    /// One fetch, abandoned after `remoteTimeout` even if the client does not give up.
    private func fetch(with fetcher: RemoteFlagsFetcher) async -> RemoteFlagsFetcher.Outcome {
        let timeout = remoteTimeout
        return await withTaskGroup(of: RemoteFlagsFetcher.Outcome?.self) { group in
            group.addTask { await fetcher.fetch(etag: nil, now: { Date() }) }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    return nil
                }
                let (seconds, attoseconds) = timeout.components
                return .failed(.timeout(seconds: Double(seconds) + Double(attoseconds) / 1e18))
            }
            for await outcome in group {
                if let outcome {
                    group.cancelAll()
                    return outcome
                }
            }
            return .failed(.cancelled)
        }
    }
}
