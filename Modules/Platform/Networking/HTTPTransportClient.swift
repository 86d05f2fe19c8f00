import Foundation

/// An `HTTPClient` on libcurl: a timeout per attempt and a deadline per request, a body limit
/// enforced while the body streams in (after decompression), same-origin redirects only,
/// retries of idempotent requests, `Retry-After`, bearer tokens with one shared refresh on 401,
/// and cancellation. Every exchange runs on one libcurl multi handle on one thread (see
/// `CurlEngine`), with at most 6 connections per origin (absolute URLs such as photos take 4, the
/// other 2 are kept for API calls) and 24 in all however many requests are in flight; a hostile
/// server holds up its own origin's requests only. Nothing is cached, and no cookie is kept.
public final class HTTPTransportClient: HTTPClient {
    let configuration: HTTPClientConfiguration
    /// The client's libcurl engine (internal so tests can see that aborted transfers end).
    let engine: CurlEngine
    private let refresher: TokenRefresher?
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Creates a client; its connections are its own, and it keeps nothing on disk.
    public convenience init(configuration: HTTPClientConfiguration) {
        self.init(configuration: configuration, sleep: { try await Task.sleep(for: $0) })
    }

    /// Creates a client whose retry waits go through `sleep` (tests observe the waits) and whose
    /// engine has `limits`.
    init(
        configuration: HTTPClientConfiguration, sleep: @escaping @Sendable (Duration) async throws -> Void,
        limits: CurlEngine.Limits = CurlEngine.Limits()
    ) {
        self.configuration = configuration
        engine = CurlEngine(limits: limits)
        self.refresher = configuration.tokens.map { TokenRefresher(provider: $0) }
        self.sleep = sleep
    }

    deinit {
        engine.close()
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
        let totalDeadline = request.totalDeadline ?? configuration.totalDeadline
        let maxBodyBytes = request.maxBodyBytes ?? configuration.maxBodyBytes
        let policy = configuration.retry
        let host = Self.hostDescription(url)
        let clock = ContinuousClock()
        let end = clock.now + totalDeadline
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
            let remaining = end - clock.now
            guard remaining > .zero else { throw .timeout(seconds: RetryPolicy.seconds(totalDeadline)) }
            // The last attempt gets what is left of the request's deadline; if that is what ends
            // it, the error names the request's deadline, not the attempt's.
            let attemptDeadline = min(timeout, remaining)
            let failure: HTTPError
            let isRetryable: Bool
            var retryAfter: Int?

            switch await TransferAttempt.run(
                CurlRequest(request, url: url, token: token), engine: engine, deadline: attemptDeadline,
                maxBodyBytes: maxBodyBytes, host: host)
            {
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
                let cutByDeadline = attemptDeadline < timeout
                let classified = TransportFailure(
                    attemptFailure, host: host, url: url, timeout: cutByDeadline ? totalDeadline : timeout)
                failure = classified.error
                isRetryable = classified.isRetryable
            }

            if let retryAfter, Duration.seconds(retryAfter) > policy.maxRetryAfter {
                throw .retryAfterTooLong(seconds: retryAfter)
            }
            guard isRetryable, request.isIdempotent, retries < min(policy.maxRetries, request.retryLimit ?? .max) else { throw failure }
            let wait = retryAfter.map { Duration.seconds($0) } ?? policy.backoff(attempt: retries, using: &generator)
            // A wait that would end after the request's deadline is not worth starting.
            guard wait < end - clock.now else {
                if let retryAfter { throw .retryAfterTooLong(seconds: retryAfter) }
                throw failure
            }
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
}
