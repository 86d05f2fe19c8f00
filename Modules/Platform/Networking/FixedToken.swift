/// A bearer token that cannot be renewed (a personal access token, a stored sign-in): sent as it
/// is; when the server refuses it, the request fails with `rejected` as the reason.
public struct FixedToken: AccessTokenProvider {
    /// The token.
    public let token: String
    /// What a refusal says after "renewing the access token failed: ", e.g. how to get a new one.
    public let rejected: String

    /// `token`, whose refusal says `rejected`.
    public init(token: String, rejected: String) {
        self.token = token
        self.rejected = rejected
    }

    public func currentToken() async -> String? { token }

    public func refreshToken(rejected _: String?) async throws -> String { throw Refused(description: rejected) }

    private struct Refused: Error, CustomStringConvertible {
        let description: String
    }
}
