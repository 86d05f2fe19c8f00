import Foundation

/// How a `URLSessionHTTPClient` reaches its server.
public struct HTTPClientConfiguration: Sendable {
    /// The server's base URL; request paths are appended to it.
    public var baseURL: URL
    /// The time allowed for one attempt when the request does not say.
    public var timeout: Duration = .seconds(10)
    /// When failed requests are sent again.
    public var retry: RetryPolicy = .standard
    /// The source of bearer tokens, or `nil` to send none.
    public var tokens: (any AccessTokenProvider)? = nil

    /// Creates a configuration.
    public init(
        baseURL: URL, timeout: Duration = .seconds(10), retry: RetryPolicy = .standard,
        tokens: (any AccessTokenProvider)? = nil
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.retry = retry
        self.tokens = tokens
    }
}
