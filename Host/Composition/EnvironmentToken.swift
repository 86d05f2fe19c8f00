import Networking

/// The Mastodon API token: `FEED_TOKEN`, else the user's sign-in (`feed login`). Sent only to the
/// API's server (never to a photo host), never logged. A token the server rejects cannot be
/// renewed here: the page says to sign in again.
struct EnvironmentToken: AccessTokenProvider {
    let token: String

    /// `token` as it is.
    init(token: String) {
        self.token = token
    }

    /// The token of `environment`'s `FEED_TOKEN`, if set and not empty.
    init?(environment: [String: String]) {
        guard let token = environment["FEED_TOKEN"], !token.isEmpty else { return nil }
        self.token = token
    }

    func currentToken() async -> String? { token }

    func refreshToken(rejected: String?) async throws -> String { throw Rejected() }

    /// What a failed renewal says (after "renewing the access token failed: ").
    private struct Rejected: Error, CustomStringConvertible {
        var description: String { "FEED_TOKEN was rejected; set it to a valid token" }
    }
}
