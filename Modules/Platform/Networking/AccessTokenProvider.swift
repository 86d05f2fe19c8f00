/// Supplies the bearer token sent with every request and renews it when the server refuses it.
public protocol AccessTokenProvider: Sendable {
    /// The token to send now, or `nil` to send no `Authorization` header.
    func currentToken() async -> String?
    /// Obtains a new token after the server answered 401 to `rejected`; the client calls this
    /// once for all requests that were refused together.
    func refreshToken(rejected: String?) async throws -> String
}
