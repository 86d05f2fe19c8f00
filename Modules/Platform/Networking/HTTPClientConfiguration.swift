import Foundation

/// How an `HTTPTransportClient` reaches its server.
public struct HTTPClientConfiguration: Sendable {
    /// The server's base URL; request paths are appended to it.
    public var baseURL: URL
    /// The time allowed for one attempt when the request does not say.
    public var timeout: Duration = .seconds(10)
    /// The time allowed for a whole request, all attempts and the waits between them, when the
    /// request does not say; a hung server fails within it.
    public var totalDeadline: Duration = .seconds(10)
    /// The largest response body accepted when the request does not say, counted while it
    /// streams in, after decompression.
    public var maxBodyBytes: Int = HTTPClientConfiguration.defaultMaxBodyBytes
    /// When failed requests are sent again.
    public var retry: RetryPolicy = .standard
    /// The source of bearer tokens, or `nil` to send none.
    public var tokens: (any AccessTokenProvider)? = nil

    /// 8 MB: far above any JSON page the API sends, far below what would hurt the process.
    public static let defaultMaxBodyBytes = 8 << 20

    /// Creates a configuration.
    public init(
        baseURL: URL, timeout: Duration = .seconds(10), retry: RetryPolicy = .standard,
        tokens: (any AccessTokenProvider)? = nil, totalDeadline: Duration = .seconds(10),
        maxBodyBytes: Int = HTTPClientConfiguration.defaultMaxBodyBytes
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.retry = retry
        self.tokens = tokens
        self.totalDeadline = totalDeadline
        self.maxBodyBytes = maxBodyBytes
    }
}
