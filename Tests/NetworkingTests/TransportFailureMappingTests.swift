import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Networking

@Suite("URLError mapping")
struct TransportFailureMappingTests {
    private let url = URL(string: "http://127.0.0.1:9/v1/feed")!
    private let host = "127.0.0.1:9"

    private func classify(_ code: URLError.Code, detail: String? = nil, afterResponse: Bool = false) -> TransportFailure {
        let error = detail.map { URLError(code, userInfo: [NSLocalizedDescriptionKey: $0]) } ?? URLError(code)
        return TransportFailure(.transport(error, afterResponse: afterResponse), host: host, url: url, timeout: .seconds(10))
    }

    @Test(arguments: [URLError.Code.cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet])
    func connectErrorsAreUnreachableAndRetryable(code: URLError.Code) {
        let failure = classify(code)
        guard case .unreachable(let host, _) = failure.error else {
            Issue.record("expected unreachable, got \(failure.error)")
            return
        }
        #expect(host == self.host)
        #expect(failure.isRetryable)
        #expect(failure.error.outcome == .notApplied)
    }

    @Test(arguments: [URLError.Code.networkConnectionLost, .badServerResponse])
    func lostConnectionsAreClosedEarlyAndRetryable(code: URLError.Code) {
        let failure = classify(code)
        #expect(failure.error == .connectionClosed(host: host))
        #expect(failure.isRetryable)
        #expect(failure.error.outcome == .unknown)
    }

    @Test func timeoutsAreRetryable() {
        let failure = classify(.timedOut)
        #expect(failure.error == .timeout(seconds: 10))
        #expect(failure.isRetryable)
        let deadline = TransportFailure(.deadline, host: "h", url: url, timeout: .milliseconds(250))
        #expect(deadline.error == .timeout(seconds: 0.25))
        #expect(deadline.isRetryable)
    }

    @Test func cancellationIsNeverRetried() {
        #expect(classify(.cancelled).error == .cancelled)
        #expect(!classify(.cancelled).isRetryable)
        let cancelled = TransportFailure(.cancelled, host: "h", url: url, timeout: .seconds(1))
        #expect(cancelled.error == .cancelled)
        #expect(!cancelled.isRetryable)
    }

    @Test(arguments: [URLError.Code.unsupportedURL, .cannotParseResponse])
    func repliesThatAreNotHTTPAreExplained(code: URLError.Code) {
        let failure = classify(code)
        #expect(failure.error == .notHTTP(host: host))
        #expect(!failure.isRetryable)
    }

    @Test func refusalsByTheClientAreNotRetried() {
        let failure = TransportFailure(.refused(.bodyTooLarge(limit: 8 << 20)), host: host, url: url, timeout: .seconds(1))
        #expect(failure.error == .bodyTooLarge(limit: 8 << 20))
        #expect(!failure.isRetryable)
    }

    @Test func libcurlTextDecidesWhatAnUnknownErrorWas() {
        let short = classify(.unknown, detail: "transfer closed with 94 bytes remaining to read", afterResponse: true)
        #expect(short.error == .connectionClosed(host: host))
        #expect(short.isRetryable)
        let garbled = classify(.unknown, detail: "Invalid Content-Length:\nvalue", afterResponse: false)
        #expect(garbled.error == .malformedReply(host: host, reason: "Invalid Content-Length: value"))
        #expect(!garbled.isRetryable)
        #expect(classify(.unknown, detail: "", afterResponse: false).error == .notHTTP(host: host))
        #expect(classify(.unknown, detail: "", afterResponse: true).error == .malformedReply(host: host, reason: "the transfer failed"))
    }

    @Test func otherCodesNameTheCode() {
        let failure = classify(.fileDoesNotExist)
        #expect(failure.error == .malformedReply(host: host, reason: "the transfer failed (URLError \(URLError.Code.fileDoesNotExist.rawValue))"))
        #expect(!failure.isRetryable)
    }
}
