import CCurl
import Foundation

/// How a failed attempt is reported and whether it may be retried.
struct TransportFailure: Sendable {
    /// The error the caller sees if no retry follows.
    let error: HTTPError
    /// Whether an idempotent request may be sent again: connect errors, timeouts and connections
    /// that closed early (a network hiccup); never a refused or unreadable answer.
    let isRetryable: Bool

    /// Classifies a failed attempt to `host` (as `host:port`) that was allowed `timeout`.
    init(_ failure: TransferAttempt.Failure, host: String, url: URL, timeout: Duration) {
        let seconds = RetryPolicy.seconds(timeout)
        switch failure {
        case .cancelled:
            self.init(.cancelled, retryable: false)
        case .deadline:
            self.init(.timeout(seconds: seconds), retryable: true)
        case .refused(let error):
            self.init(error, retryable: false)
        case .transport(let error, let afterResponse):
            self.init(error, afterResponse: afterResponse, host: host, url: url, seconds: seconds)
        }
    }

    private init(_ error: HTTPError, retryable: Bool) {
        self.error = error
        self.isRetryable = retryable
    }

    private init(_ failure: CurlError, afterResponse: Bool, host: String, url: URL, seconds: Double) {
        let text = OneLineText.clean(failure.message)
        switch failure.code {
        case CURLE_COULDNT_CONNECT:
            self.init(.unreachable(host: host, reason: Self.connectReason(errno: failure.osErrno)), retryable: true)
        case CURLE_COULDNT_RESOLVE_HOST:
            self.init(.unreachable(host: host, reason: "host name not found; check the server address"), retryable: true)
        case CURLE_COULDNT_RESOLVE_PROXY:
            self.init(.unreachable(host: host, reason: "the proxy's host name was not found; check the proxy settings"), retryable: true)
        case CURLE_OPERATION_TIMEDOUT:
            self.init(.timeout(seconds: seconds), retryable: true)
        case CURLE_ABORTED_BY_CALLBACK:
            self.init(.cancelled, retryable: false)
        case CURLE_URL_MALFORMAT:
            self.init(.invalidURL("\(url.absoluteString): libcurl cannot load it (\(text))"), retryable: false)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_USE_SSL_FAILED:
            self.init(.unreachable(host: host, reason: "the secure connection failed: \(text)"), retryable: false)
        case CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_SEND_ERROR:
            // Closed with no reply at all, or a body cut short ("transfer closed with 94 bytes
            // remaining to read"), or the request could not be sent.
            self.init(.connectionClosed(host: host), retryable: true)
        case CURLE_RECV_ERROR where Self.isSocketFailure(failure):
            self.init(.connectionClosed(host: host), retryable: true)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY:
            // Not HTTP: garbage, HTTP/0.9, a status line that is not one. (The URL's scheme was
            // checked before sending, so an unsupported protocol is the reply's.)
            self.init(.notHTTP(host: host), retryable: false)
        default:
            // The reply broke HTTP's rules partway, named as libcurl says: "Illegal or missing
            // hexadecimal sequence in chunked-encoding", a broken gzip stream, a bad header.
            let reason = text.isEmpty ? "the transfer failed (libcurl error \(failure.code.rawValue))" : text
            self.init(.malformedReply(host: host, reason: reason), retryable: false)
        }
    }

    /// A receive error of the socket itself (a reset), not of the reply's framing.
    private static func isSocketFailure(_ failure: CurlError) -> Bool {
        failure.message.hasPrefix("Recv failure")
            || failure.message == String(cString: curl_easy_strerror(CURLE_RECV_ERROR))
    }

    /// Why a connection could not be made, from the socket's errno.
    private static func connectReason(errno: Int32) -> String {
        switch errno {
        case ENETUNREACH, ENETDOWN, EHOSTUNREACH:
            "no network connection"
        case ETIMEDOUT:
            "the connection timed out; check the server address"
        default:
            "connection refused; check that the server is running"
        }
    }
}
