import FeatureFlags
import FeedServer
import Foundation
import Networking

/// The running pieces every feed mode shares: the server it talks to, the HTTP client, the flags.
struct FeedSession {
    /// The server's base URL.
    let baseURL: URL
    /// The one HTTP client of the process.
    let http: any HTTPClient
    /// The resolved feature flags.
    let flags: ResolvedFlags
    /// The embedded reference server, when no `--server` was given.
    let embedded: FeedServer?

    /// Starts the embedded server if needed, builds the client and resolves the flags.
    static func start(_ options: HostOptions, registry: FlagRegistry) async throws -> FeedSession {
        var embedded: FeedServer?
        let baseURL: URL
        if let server = options.server {
            baseURL = server
        } else {
            var serverOptions = FeedServerOptions()
            serverOptions.port = 0
            serverOptions.log = options.verbose
            let server = FeedServer(options: serverOptions, log: { StandardStreams.err("server: \($0)") })
            let port = try server.start()
            embedded = server
            baseURL = URL(string: "http://127.0.0.1:\(port)")!
        }
        let http = URLSessionHTTPClient(configuration: HTTPClientConfiguration(baseURL: baseURL))
        let environment = ProcessInfo.processInfo.environment
        let flags = await FlagResolver(registry: registry).resolve(
            commandLine: options.flags,
            environment: environment,
            remote: http,
            configFile: options.flagsFile ?? FlagResolver.standardConfigFile(environment: environment)
        )
        for line in flags.diagnostics { StandardStreams.err("feed: \(line)") }
        return FeedSession(baseURL: baseURL, http: http, flags: flags, embedded: embedded)
    }

    /// Stops the embedded server, if any.
    func stop() {
        embedded?.stop()
    }
}
