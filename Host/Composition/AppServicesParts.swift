import FeatureFlags
import FeedServer
import Foundation
import ImagePipeline
import Mastodon
import Networking
import SafeText

/// What `AppServices.start` gathers before the services are built.
struct AppServicesParts {
    var options: HostOptions
    var flags: ResolvedFlags
    var http: any HTTPClient
    var embedded: FeedServer?
    var flagsCache: RemoteFlagsCache
    var watcher: RemoteFlagsWatcher
    var telemetry: AppTelemetry
    /// The Mastodon timeline read with `--api mastodon`.
    var timeline: MastodonTimeline = .public
}

extension AppServices {
    static func photoPipeline(_ options: HostOptions, userData: UserData, http: any HTTPClient) -> ImagePipeline {
        var configuration = ImagePipelineConfiguration()
        configuration.memoryLimitBytes = options.imageMemoryMB << 20
        configuration.diskDirectory = userData.photoCache
        return ImagePipeline(configuration: configuration, client: http)
    }

    /// A pipeline only for opening photos in a viewer (`--photos off`): nothing decoded or kept in memory.
    nonisolated static func openingPipeline(diskDirectory: URL, http: any HTTPClient) -> ImagePipeline {
        ImagePipeline(configuration: ImagePipelineConfiguration(memoryLimitBytes: 0, diskDirectory: diskDirectory, decodeThreads: 1), client: http)
    }

    /// What `--api auto` finds: the Mastodon API when `GET /api/v1/instance` answers with a
    /// version, else the feed API; said on stderr either way.
    static func resolveAPI(_ baseURL: URL, timeout: Duration) async -> ServerAPI {
        let probe = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: baseURL, timeout: timeout, totalDeadline: timeout))
        let server = SafeText.line(baseURL.absoluteString, limit: 120)
        guard let instance = await MastodonInstance.probe(probe) else {
            StandardStreams.err("feed: \(server) does not answer GET /api/v1/instance: using the feed API")
            return .feed
        }
        StandardStreams.err("feed: \(server) speaks the Mastodon API (\(instance.title.isEmpty ? "" : instance.title + ", ")\(instance.software))")
        return .mastodon
    }

    /// The Mastodon API token of `FEED_TOKEN`, if set: sent only to the API's server, never logged.
    static func environmentToken(_ environment: [String: String]) -> FixedToken? {
        guard let token = environment["FEED_TOKEN"], !token.isEmpty else { return nil }
        return FixedToken(token: token, rejected: "FEED_TOKEN was rejected; set it to a valid token")
    }

    /// `--timeline home` without a token: the home timeline is the signed-in user's.
    struct NeedsSignIn: Error, CustomStringConvertible {
        let server: URL?

        var description: String {
            let at = server.map { " --server \(SafeText.line($0.absoluteString, limit: 120))" } ?? ""
            return "the home timeline is a signed-in user's: run `feed login\(at) --api mastodon` or set FEED_TOKEN, or read --timeline public, local or tag:NAME"
        }
    }

    /// The token of the user's sign-in to `baseURL` (`feed login`), if any; a sign-in that
    /// cannot be used is said once and ignored.
    static func storedToken(_ baseURL: URL, options: HostOptions, environment: [String: String]) -> FixedToken? {
        switch SignInFile.read(server: baseURL, user: options.user, environment: environment) {
        case .success(let signIn): return signIn.map { FixedToken(token: $0.token, rejected: "the sign-in was refused; run `feed login` again") }
        case .failure(let problem):
            StandardStreams.err("feed: \(problem)")
            return nil
        }
    }

    static func serverAddress(_ options: HostOptions) throws -> (URL, FeedServer?) {
        if let server = options.server { return (server, nil) }
        var serverOptions = FeedServerOptions()
        serverOptions.port = 0
        serverOptions.log = options.verbose
        let server = FeedServer(options: serverOptions, log: { StandardStreams.err("server: \($0)") })
        let port = try server.start()
        return (URL(string: "http://127.0.0.1:\(port)")!, server)
    }
}
