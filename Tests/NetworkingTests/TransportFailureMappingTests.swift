import CCurl
import Foundation
import Testing
@testable import Networking

@Suite("libcurl error mapping")
struct TransportFailureMappingTests {
    private let url = URL(string: "http://127.0.0.1:9/v1/feed")!
    private let host = "127.0.0.1:9"

    private func classify(_ code: CURLcode, message: String = "", osErrno: Int32 = 0, afterResponse: Bool = false) -> TransportFailure {
        TransportFailure(
            .transport(CurlError(code: code, message: message, osErrno: osErrno), afterResponse: afterResponse),
            host: host, url: url, timeout: .seconds(10))
    }

    @Test(arguments: [CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY])
    func connectErrorsAreUnreachableAndRetryable(code: CURLcode) {
        let failure = classify(code)
        guard case .unreachable(let host, _) = failure.error else {
            Issue.record("expected unreachable, got \(failure.error)")
            return
        }
        #expect(host == self.host)
        #expect(failure.isRetryable)
        #expect(failure.error.outcome == .notApplied)
    }

    @Test func theSocketErrorSaysWhyNoConnectionWasMade() {
        #expect(classify(CURLE_COULDNT_CONNECT, osErrno: ECONNREFUSED).error
            == .unreachable(host: host, reason: "connection refused; check that the server is running"))
        #expect(classify(CURLE_COULDNT_CONNECT, osErrno: ENETUNREACH).error == .unreachable(host: host, reason: "no network connection"))
        #expect(classify(CURLE_COULDNT_RESOLVE_HOST).error
            == .unreachable(host: host, reason: "host name not found; check the server address"))
    }

    @Test(arguments: [CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_SEND_ERROR])
    func lostConnectionsAreClosedEarlyAndRetryable(code: CURLcode) {
        let failure = classify(code, afterResponse: code == CURLE_PARTIAL_FILE)
        #expect(failure.error == .connectionClosed(host: host))
        #expect(failure.isRetryable)
        #expect(failure.error.outcome == .unknown)
    }

    @Test func aReceiveErrorIsAResetOrABrokenFrame() {
        let reset = classify(CURLE_RECV_ERROR, message: "Recv failure: Connection reset by peer", osErrno: ECONNRESET)
        #expect(reset.error == .connectionClosed(host: host))
        #expect(reset.isRetryable)
        #expect(classify(CURLE_RECV_ERROR).error == .connectionClosed(host: host), "libcurl's generic text")
        let chunk = classify(CURLE_RECV_ERROR, message: "Illegal or missing hexadecimal sequence in chunked-encoding", afterResponse: true)
        #expect(chunk.error == .malformedReply(host: host, reason: "Illegal or missing hexadecimal sequence in chunked-encoding"))
        #expect(!chunk.isRetryable)
    }

    @Test func timeoutsAreRetryable() {
        let failure = classify(CURLE_OPERATION_TIMEDOUT)
        #expect(failure.error == .timeout(seconds: 10))
        #expect(failure.isRetryable)
        let deadline = TransportFailure(.deadline, host: "h", url: url, timeout: .milliseconds(250))
        #expect(deadline.error == .timeout(seconds: 0.25))
        #expect(deadline.isRetryable)
    }

    @Test func cancellationIsNeverRetried() {
        #expect(classify(CURLE_ABORTED_BY_CALLBACK).error == .cancelled)
        #expect(!classify(CURLE_ABORTED_BY_CALLBACK).isRetryable)
        let cancelled = TransportFailure(.cancelled, host: "h", url: url, timeout: .seconds(1))
        #expect(cancelled.error == .cancelled)
        #expect(!cancelled.isRetryable)
    }

    @Test(arguments: [CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY])
    func repliesThatAreNotHTTPAreExplained(code: CURLcode) {
        let failure = classify(code)
        #expect(failure.error == .notHTTP(host: host))
        #expect(!failure.isRetryable)
    }

    @Test func refusalsByTheClientAreNotRetried() {
        let failure = TransportFailure(.refused(.bodyTooLarge(limit: 8 << 20)), host: host, url: url, timeout: .seconds(1))
        #expect(failure.error == .bodyTooLarge(limit: 8 << 20))
        #expect(!failure.isRetryable)
    }

    @Test func aBrokenEncodingIsNamedAsLibcurlSaysOnOneLine() {
        let failure = classify(CURLE_BAD_CONTENT_ENCODING, message: "Error while processing content unencoding:\ninvalid code lengths set")
        #expect(failure.error == .malformedReply(host: host, reason: "Error while processing content unencoding: invalid code lengths set"))
        #expect(!failure.isRetryable)
    }

    @Test func aSecureConnectionFailureIsUnreachableAndNotRetried() {
        let failure = classify(CURLE_PEER_FAILED_VERIFICATION, message: "SSL certificate problem: self-signed certificate")
        #expect(failure.error == .unreachable(host: host, reason: "the secure connection failed: SSL certificate problem: self-signed certificate"))
        #expect(!failure.isRetryable)
    }

    @Test func otherCodesUseLibcurlsText() {
        let failure = classify(CURLE_OUT_OF_MEMORY)
        #expect(failure.error == .malformedReply(host: host, reason: String(cString: curl_easy_strerror(CURLE_OUT_OF_MEMORY))))
        #expect(!failure.isRetryable)
        #expect(classify(CURLE_URL_MALFORMAT, message: "bad port").error
            == .invalidURL("http://127.0.0.1:9/v1/feed: libcurl cannot load it (bad port)"))
    }
}
