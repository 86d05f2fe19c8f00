import Foundation
import Mastodon
import Networking
import PluginInterface
import SafeText

/// `feed logout`: deletes everything stored for the user on the server, and revokes a Mastodon
/// sign-in there (`POST /oauth/revoke`) before deleting it. No feature code runs and no server is
/// started.
@MainActor
enum LogoutMode {
    static func run(_ userData: UserData, options: HostOptions = HostOptions(), plugins: [any FeaturePlugin] = PluginList.all) async -> Int32 {
        if let server = options.server { await signOut(server, options: options) }
        do {
            // The files of both APIs the server may have been read through.
            for data in [userData.speaking(.feed), userData.speaking(.mastodon)] {
                let telemetry = AppTelemetry.Files(data)
                try data.delete(files: plugins.flatMap { $0.files(data.pluginFiles) } + [telemetry.queue])
                try? FileManager.default.removeItem(at: telemetry.crashes)
            }
            try? FileManager.default.removeItem(at: userData.flagsCache)
            StandardStreams.out("feed: deleted everything stored for \(userData.owner)")
            return 0
        } catch {
            StandardStreams.err("feed: logout could not delete \(error.url.path): \(error); delete it by hand")
            return 1
        }
    }

    /// Revokes and deletes `options.user`'s sign-in to `server`, if there is one; a revoke that
    /// fails is said, and the token is deleted here anyway.
    private static func signOut(_ server: URL, options: HostOptions) async {
        let environment = ProcessInfo.processInfo.environment
        guard case .success(let signIn?) = SignInFile.read(server: server, user: options.user, environment: environment) else {
            SignInFile.delete(server: server, user: options.user, environment: environment)
            return
        }
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: server, timeout: options.requestTimeout, totalDeadline: options.requestTimeout))
        do {
            try await MastodonSignIn(http: http, server: server).revoke(signIn.token, app: signIn.app)
            StandardStreams.out("feed: revoked the sign-in to \(SafeText.line(server.absoluteString, limit: 120))")
        } catch {
            StandardStreams.err("feed: the server did not revoke the token (\(error)); it is deleted here: revoke feed in the server's settings")
        }
        SignInFile.delete(server: server, user: options.user, environment: environment)
    }
}
