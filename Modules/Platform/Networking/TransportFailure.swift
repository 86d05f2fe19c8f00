import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a failed attempt is reported and whether it may be retried.
struct TransportFailure: Sendable {
    /// The error the caller sees if no retry follows.
    let error: HTTPError
    /// Whether an idempotent request may be sent again: connect errors and timeouts only.
    let isRetryable: Bool

    /// Classifies a failed attempt to `host` (as `host:port`) that was allowed `timeout`.
    init(_ failure: DataTaskAttempt.Failure, host: String, url: URL, timeout: Duration) {
        let seconds = RetryPolicy.seconds(timeout)
        switch failure {
        case .cancelled:
            self.init(.cancelled, retryable: false)
        case .deadline:
            self.init(.timeout(seconds: seconds), retryable: true)
        case .other(let reason):
            self.init(.unreachable(host: host, reason: reason), retryable: false)
        case .transport(let error):
            self.init(error.code, host: host, url: url, seconds: seconds)
        }
    }

    private init(_ error: HTTPError, retryable: Bool) {
        self.error = error
        self.isRetryable = retryable
    }

    private init(_ code: URLError.Code, host: String, url: URL, seconds: Double) {
        switch code {
        case .cannotConnectToHost:
            self.init(.unreachable(host: host, reason: "connection refused; check that the server is running"), retryable: true)
        case .cannotFindHost, .dnsLookupFailed:
            self.init(.unreachable(host: host, reason: "host name not found; check the server address"), retryable: true)
        case .networkConnectionLost:
            self.init(.unreachable(host: host, reason: "the connection was lost"), retryable: true)
        case .notConnectedToInternet:
            self.init(.unreachable(host: host, reason: "no network connection"), retryable: true)
        case .timedOut:
            self.init(.timeout(seconds: seconds), retryable: true)
        case .cancelled:
            self.init(.cancelled, retryable: false)
        case .badURL:
            self.init(.invalidURL("\(url.absoluteString): URLSession cannot load it"), retryable: false)
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            self.init(.unreachable(host: host, reason: "the secure connection failed (URLError \(code.rawValue))"), retryable: false)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
            .unsupportedURL, .zeroByteResource:
            // FoundationNetworking reports a reply that is not HTTP as `unsupportedURL` (libcurl
            // refuses HTTP/0.9) and a connection closed without a reply as `badServerResponse`;
            // the URL itself was checked before sending.
            self.init(.unreachable(host: host, reason: "no valid HTTP reply; check that the address is the feed server"), retryable: false)
        default:
            self.init(.unreachable(host: host, reason: "the request failed (URLError \(code.rawValue))"), retryable: false)
        }
    }
}
