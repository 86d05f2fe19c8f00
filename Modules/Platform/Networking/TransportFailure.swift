import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a failed attempt is reported and whether it may be retried.
struct TransportFailure: Sendable {
    /// The error the caller sees if no retry follows.
    let error: HTTPError
    /// Whether an idempotent request may be sent again: connect errors, timeouts and connections
    /// that closed early (a network hiccup); never a refused or unreadable answer.
    let isRetryable: Bool

    /// Classifies a failed attempt to `host` (as `host:port`) that was allowed `timeout`.
    init(_ failure: DataTaskAttempt.Failure, host: String, url: URL, timeout: Duration) {
        let seconds = RetryPolicy.seconds(timeout)
        switch failure {
        case .cancelled:
            self.init(.cancelled, retryable: false)
        case .deadline:
            self.init(.timeout(seconds: seconds), retryable: true)
        case .refused(let error):
            self.init(error, retryable: false)
        case .other:
            self.init(.notHTTP(host: host), retryable: false)
        case .transport(let error, let afterResponse):
            self.init(error.code, detail: error.localizedDescription, afterResponse: afterResponse, host: host, url: url, seconds: seconds)
        }
    }

    private init(_ error: HTTPError, retryable: Bool) {
        self.error = error
        self.isRetryable = retryable
    }

    private init(_ code: URLError.Code, detail: String, afterResponse: Bool, host: String, url: URL, seconds: Double) {
        switch code {
        case .cannotConnectToHost:
            self.init(.unreachable(host: host, reason: "connection refused; check that the server is running"), retryable: true)
        case .cannotFindHost, .dnsLookupFailed:
            self.init(.unreachable(host: host, reason: "host name not found; check the server address"), retryable: true)
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
        case .networkConnectionLost, .badServerResponse:
            // FoundationNetworking reports a connection closed without any reply as
            // `badServerResponse` (libcurl: empty reply) and a reset as `networkConnectionLost`.
            self.init(.connectionClosed(host: host), retryable: true)
        case .unsupportedURL, .cannotParseResponse:
            // A reply that is not HTTP: libcurl refuses HTTP/0.9, FoundationNetworking calls it
            // `unsupportedURL`; the URL itself was checked before sending.
            self.init(.notHTTP(host: host), retryable: false)
        case .unknown:
            // FoundationNetworking maps most libcurl failures to `unknown` (-1) and keeps libcurl's
            // text: "transfer closed with 94 bytes remaining to read" is a body cut short; others
            // ("Invalid Content-Length: value", "Illegal or missing hexadecimal sequence in
            // chunked-encoding", a broken gzip stream, a TLS problem) are named as libcurl says.
            if detail.hasPrefix("transfer closed") {
                self.init(.connectionClosed(host: host), retryable: true)
            } else if detail.isEmpty && !afterResponse {
                self.init(.notHTTP(host: host), retryable: false)
            } else {
                let reason = OneLineText.clean(detail.isEmpty ? "the transfer failed" : detail)
                self.init(.malformedReply(host: host, reason: reason), retryable: false)
            }
        default:
            self.init(.malformedReply(host: host, reason: "the transfer failed (URLError \(code.rawValue))"), retryable: false)
        }
    }
}
