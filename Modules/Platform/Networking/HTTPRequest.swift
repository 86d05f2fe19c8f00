import Foundation

/// A request relative to the client's base URL, or to an absolute URL on any host.
public struct HTTPRequest: Hashable, Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The path below the base URL, starting with `/`, e.g. `/v1/feed`; unused when `url` is set.
    public var path: String
    /// An absolute http(s) address (a photo on a CDN) instead of `path`; the access token is
    /// sent only when it has the base URL's scheme, host and port.
    public var url: URL?
    /// Query items, sent in this order.
    public var query: [URLQueryItem]
    /// Extra headers.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?
    /// The time allowed for one attempt; `nil` uses the client's default.
    public var timeout: Duration?
    /// Whether sending twice has the effect of sending once, so a failed attempt may be retried.
    public var isIdempotent: Bool
    /// At most this many retries for this request, below the client's policy; `nil` keeps the policy.
    public var retryLimit: Int?

    /// Creates a request; GET and PUT are idempotent unless said otherwise.
    public init(
        method: HTTPMethod,
        path: String,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil,
        timeout: Duration? = nil,
        isIdempotent: Bool? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.isIdempotent = isIdempotent ?? (method == .get || method == .put)
    }

    /// A GET request.
    public static func get(_ path: String, query: [URLQueryItem] = []) -> HTTPRequest {
        HTTPRequest(method: .get, path: path, query: query)
    }

    /// A GET request of an absolute address, sent as it is (no base URL, no query added).
    public static func get(url: URL) -> HTTPRequest {
        var request = HTTPRequest(method: .get, path: url.path)
        request.url = url
        return request
    }

    /// A request whose body is `value` encoded as JSON.
    public static func json(
        _ method: HTTPMethod, _ path: String, body value: some Encodable, isIdempotent: Bool? = nil
    ) throws -> HTTPRequest {
        let data = try JSONEncoder().encode(value)
        return HTTPRequest(
            method: method, path: path, headers: ["Content-Type": "application/json"], body: data,
            isIdempotent: isIdempotent)
    }
}
