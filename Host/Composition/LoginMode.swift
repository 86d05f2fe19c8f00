import FeedInterface
import Foundation
import Mastodon
import Networking
import SafeText

/// `feed login`: signs in to a Mastodon-API server by OAuth with an out-of-band code — registers
/// the app, prints the address to authorize it, reads the code pasted back on stdin, exchanges it
/// for a token and keeps it (`SignInFile`). The token is never printed.
@MainActor
enum LoginMode {
    /// The longest code line read.
    static let maxCodeBytes = 4_096

    /// Signs in with `options`; the code is the first line of standard input (bounded: `LineReader`).
    static func run(_ options: HostOptions) async -> Int32 {
        guard let server = options.server else { return fail("feed login needs --server https://HOST --api mastodon") }
        let environment = ProcessInfo.processInfo.environment
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(
            baseURL: server, timeout: options.requestTimeout, totalDeadline: options.requestTimeout))
        let signIn = MastodonSignIn(http: http, server: server)
        let shown = SafeText.line(server.absoluteString, limit: 120)
        do {
            let app = try await signIn.registerApp()
            StandardStreams.err("Open this address, sign in to \(shown) and allow feed (\(MastodonSignIn.scopes)):")
            StandardStreams.out(signIn.authorizeURL(app).absoluteString)
            StandardStreams.err("Then paste the code the server shows here and press Enter:")
            var input = LineReader.standardInput().makeAsyncIterator()
            guard let line = await input.next(), !line.isEmpty, line.utf8.count <= maxCodeBytes else {
                return fail("no code was given; run `feed login` again and paste the code the server shows")
            }
            let token = try await signIn.token(code: line, app: app)
            let file = try SignInFile(server: server.absoluteString, user: options.user, app: app, token: token).write(environment: environment)
            StandardStreams.err("feed: signed in to \(shown) as \(options.user); the token is kept in \(file.path) (0600); `feed logout` revokes it")
            return 0
        } catch let error as FeedError {
            return fail("could not sign in to \(shown): \(error)")
        } catch {
            return fail("could not keep the sign-in: \(error)")
        }
    }

    private static func fail(_ line: String) -> Int32 {
        StandardStreams.err("feed: \(line)")
        return 1
    }
}
