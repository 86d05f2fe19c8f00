import Networking

/// The Mastodon API token given as `FEED_TOKEN`: sent only to the API's server (never to a photo
/// host), never logged or saved. A token the server rejects cannot be renewed here.
struct EnvironmentToken: AccessTokenProvider {
    let token: String

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
