import Foundation

/// A request relative to the client's base URL, or to an absolute URL on any host.
public struct HTTPRequest: Hashable, Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The percent-encoded path below the base URL, starting with `/`, e.g. `/v1/feed`; `%XX`
    /// escapes are sent as they are, characters a path cannot hold are encoded; unused when `url` is set.
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
    /// The time allowed for all attempts and the waits between them; `nil` uses the client's default.
    public var totalDeadline: Duration?
    /// The largest response body accepted, in bytes after decompression; `nil` uses the client's default.
    public var maxBodyBytes: Int?
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

    /// Creates a request whose path is `segments` as plain text, each percent-encoded exactly once:
    /// `["v1", "posts", "a/b é", "like"]` is sent as `/v1/posts/a%2Fb%20%C3%A9/like`.
    public init(
        method: HTTPMethod,
        pathSegments segments: [String],
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil,
        timeout: Duration? = nil,
        isIdempotent: Bool? = nil
    ) {
        self.init(
            method: method, path: HTTPPath.encode(segments: segments), query: query, headers: headers, body: body,
            timeout: timeout, isIdempotent: isIdempotent)
    }

    /// A GET request.
    public static func get(_ path: String, query: [URLQueryItem] = []) -> HTTPRequest {
        HTTPRequest(method: .get, path: path, query: query)
    }

    /// A GET request of the path made of `segments`, each encoded once (see `init(method:pathSegments:)`).
    public static func get(pathSegments segments: [String], query: [URLQueryItem] = []) -> HTTPRequest {
        HTTPRequest(method: .get, pathSegments: segments, query: query)
    }

    /// A GET request of an absolute address, sent as it is (no base URL, no query added).
    public static func get(url: URL) -> HTTPRequest {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        var request = HTTPRequest(method: .get, path: path.isEmpty ? "/" : path)
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

    /// A request to the path made of `segments` (each encoded once) whose body is `value` as JSON.
    public static func json(
        _ method: HTTPMethod, pathSegments segments: [String], body value: some Encodable, isIdempotent: Bool? = nil
    ) throws -> HTTPRequest {
        try json(method, HTTPPath.encode(segments: segments), body: value, isIdempotent: isIdempotent)
    }
}
