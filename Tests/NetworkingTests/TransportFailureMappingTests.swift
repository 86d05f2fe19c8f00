import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Networking

@Suite("URLError mapping")
struct TransportFailureMappingTests {
    private let url = URL(string: "http://127.0.0.1:9/v1/feed")!

    private func classify(_ code: URLError.Code) -> TransportFailure {
        TransportFailure(.transport(URLError(code)), host: "127.0.0.1:9", url: url, timeout: .seconds(10))
    }

    @Test(arguments: [URLError.Code.cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .networkConnectionLost, .notConnectedToInternet])
    func connectErrorsAreUnreachableAndRetryable(code: URLError.Code) {
        let failure = classify(code)
        guard case .unreachable(let host, _) = failure.error else {
            Issue.record("expected unreachable, got \(failure.error)")
            return
        }
        #expect(host == "127.0.0.1:9")
        #expect(failure.isRetryable)
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

    @Test(arguments: [URLError.Code.unsupportedURL, .badServerResponse, .cannotParseResponse])
    func repliesThatAreNotHTTPAreExplained(code: URLError.Code) {
        let failure = classify(code)
        #expect(failure.error == .unreachable(host: "127.0.0.1:9", reason: "no valid HTTP reply; check that the address is the feed server"))
        #expect(!failure.isRetryable)
    }

    @Test func otherCodesNameTheCode() {
        let failure = classify(.fileDoesNotExist)
        #expect(failure.error == .unreachable(host: "127.0.0.1:9", reason: "the request failed (URLError \(URLError.Code.fileDoesNotExist.rawValue))"))
        #expect(!failure.isRetryable)
    }
}
