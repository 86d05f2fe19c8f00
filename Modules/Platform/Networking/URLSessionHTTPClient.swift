import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An `HTTPClient` on one URLSession: per-request timeout, retries of idempotent requests,
/// `Retry-After`, bearer tokens with one shared refresh on 401, and cancellation.
public final class URLSessionHTTPClient: HTTPClient {
    private let configuration: HTTPClientConfiguration
    /// The client's own session (internal so tests can see that a cancelled task ended).
    let session: URLSession
    private let refresher: TokenRefresher?
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Creates a client with its own ephemeral, cache-less URLSession.
    public convenience init(configuration: HTTPClientConfiguration) {
        self.init(configuration: configuration, sleep: { try await Task.sleep(for: $0) })
    }

    /// Creates a client whose retry waits go through `sleep` (tests observe the waits).
    init(configuration: HTTPClientConfiguration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.configuration = configuration
        self.refresher = configuration.tokens.map { TokenRefresher(provider: $0) }
        self.sleep = sleep
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.httpShouldSetCookies = false
        sessionConfiguration.httpCookieAcceptPolicy = .never
        // The client enforces each attempt's deadline itself; URLSession's own limits only back it up.
        sessionConfiguration.timeoutIntervalForRequest = 600
        sessionConfiguration.timeoutIntervalForResource = 3600
        self.session = URLSession(configuration: sessionConfiguration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request`, retrying and renewing the token as configured; throws the last failure.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let url: URL
        if let absolute = request.url {
            url = try Self.absolute(absolute)
        } else {
            url = try Self.url(base: configuration.baseURL, path: request.path, query: request.query)
        }
        // The access token belongs to the API: a photo on another host never sees it.
        let sendsToken = Self.sameOrigin(url, configuration.baseURL)
        let timeout = request.timeout ?? configuration.timeout
        let policy = configuration.retry
        let host = Self.hostDescription(url)
        var generator = SystemRandomNumberGenerator()
        var retries = 0
        var renewedToken: String?
        var hasRefreshed = false

        while true {
            if Task.isCancelled { throw .cancelled }
            let token: String?
            if let renewedToken {
                token = renewedToken
            } else if sendsToken {
                token = await configuration.tokens?.currentToken()
            } else {
                token = nil
            }
            let urlRequest = Self.urlRequest(request, url: url, token: token, timeout: timeout)
            let failure: HTTPError
            let isRetryable: Bool
            var retryAfter: Int?

            switch await DataTaskAttempt.run(urlRequest, on: session, deadline: timeout) {
            case .success(let response) where (200..<300).contains(response.status):
                return response
            case .success(let response):
                if response.status == 401, sendsToken, let refresher, !hasRefreshed {
                    hasRefreshed = true
                    renewedToken = try await Self.renew(token, with: refresher, after: response)
                    continue
                }
                failure = .status(code: response.status, message: Self.errorMessage(in: response.body))
                isRetryable = response.status >= 500 || response.status == 429
                if response.status == 429 || response.status == 503, let value = response.header("Retry-After") {
                    retryAfter = RetryAfter.seconds(from: value, now: Date())
                }
            case .failure(let attemptFailure):
                let classified = TransportFailure(attemptFailure, host: host, url: url, timeout: timeout)
                failure = classified.error
                isRetryable = classified.isRetryable
            }

            if let retryAfter, Duration.seconds(retryAfter) > policy.maxRetryAfter {
                throw .retryAfterTooLong(seconds: retryAfter)
            }
            guard isRetryable, request.isIdempotent, retries < min(policy.maxRetries, request.retryLimit ?? .max) else { throw failure }
            let wait = retryAfter.map { Duration.seconds($0) } ?? policy.backoff(attempt: retries, using: &generator)
            do {
                try await sleep(wait)
            } catch {
                throw .cancelled
            }
            retries += 1
        }
    }

    /// The token to re-send with after a 401, from the shared refresh.
    private static func renew(
        _ rejected: String?, with refresher: TokenRefresher, after response: HTTPResponse
    ) async throws(HTTPError) -> String {
        do {
            return try await refresher.token(replacing: rejected)
        } catch let error as HTTPError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            let reason = errorMessage(in: response.body).map { "\($0); " } ?? ""
            throw .status(code: 401, message: "\(reason)renewing the access token failed: \(error)")
        }
    }

    /// The base URL joined with `path` (percent-encoded as needed) and `query`.
    static func url(base: URL, path: String, query: [URLQueryItem]) throws(HTTPError) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        let fullPath = path.hasPrefix("/") ? path : "/" + path
        text += fullPath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? fullPath
        if !query.isEmpty {
            let pairs = query.map { item in
                let name = encodeQueryPart(item.name)
                return item.value.map { "\(name)=\(encodeQueryPart($0))" } ?? name
            }
            text += "?" + pairs.joined(separator: "&")
        }
        guard let url = URL(string: text), url.host != nil else {
            throw .invalidURL("\(text): the base URL and path do not form a URL")
        }
        return url
    }

    /// `url` if it is an absolute http(s) URL with a host.
    static func absolute(_ url: URL) throws(HTTPError) -> URL {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
            throw .invalidURL("\(url.absoluteString): only absolute http or https addresses can be fetched")
        }
        return url
    }

    /// Whether `url` has the scheme, host and port of `base` (default ports count as given).
    static func sameOrigin(_ url: URL, _ base: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int) {
            let scheme = url.scheme?.lowercased() ?? ""
            return (scheme, url.host?.lowercased() ?? "", url.port ?? (scheme == "https" ? 443 : 80))
        }
        return origin(url) == origin(base)
    }

    /// Only unreserved characters stay as they are, so opaque cursors with `+`, `/` or `=` survive.
    private static let queryAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func encodeQueryPart(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }

    private static func urlRequest(_ request: HTTPRequest, url: URL, token: String?, timeout: Duration) -> URLRequest {
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        // A backstop only: DataTaskAttempt enforces `timeout` exactly (see the report on
        // FoundationNetworking, which truncates this value to whole seconds).
        urlRequest.timeoutInterval = (RetryPolicy.seconds(timeout) + 1).rounded(.up)
        if !request.headers.keys.contains(where: { $0.lowercased() == "accept" }) {
            urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        }
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        if let token {
            urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    /// The `error` text of a JSON body `{"error": "…"}`, if that is what `body` holds.
    static func errorMessage(in body: Data) -> String? {
        struct ErrorBody: Decodable { let error: String }
        guard !body.isEmpty, let decoded = try? JSONDecoder().decode(ErrorBody.self, from: body) else { return nil }
        let message = decoded.error.trimmingCharacters(in: .whitespacesAndNewlines)
        return message.isEmpty ? nil : message
    }

    /// `host:port` for error messages.
    private static func hostDescription(_ url: URL) -> String {
        let host = url.host ?? url.absoluteString
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
