import Foundation
import HTTPServer
import Testing
@testable import Networking

@Suite("HTTPTransportClient: the total deadline")
struct DeadlineTests {
    @Test func aHungServerFailsWithinTheTotalDeadline() async throws {
        let gate = Gate()
        let log = RequestLog()
        let server = try LoopbackServer { request in
            _ = await log.record(request)
            await gate.wait()
            return json(200, "{}")
        }
        defer { server.stop() }
        let recorder = WaitRecorder()
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(baseURL: server.baseURL, retry: quickRetry(2), totalDeadline: .seconds(1)),
            sleep: recorder.sleep)

        let error = await failure(of: client, .get("/v1/feed"))

        #expect(error == .timeout(seconds: 1))
        #expect(error?.description == "the server did not answer within 1 s")
        #expect(await log.count <= 1, "not retried")
        #expect(await recorder.waits.isEmpty)
        await gate.open()
    }

    @Test func aBackoffThatWouldPassTheDeadlineIsNotWaited() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(503, #"{"error":"busy"}"#), json(200, "{}")], log: log))
        defer { server.stop() }
        let recorder = WaitRecorder()
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(
                baseURL: server.baseURL, retry: RetryPolicy(baseDelay: .seconds(60), maxDelay: .seconds(60), jitter: .none),
                totalDeadline: .seconds(30)),
            sleep: recorder.sleep)

        #expect(await failure(of: client, .get("/v1/feed")) == .status(code: 503, message: "busy"))
        #expect(await log.count == 1)
        #expect(await recorder.waits.isEmpty)
    }

    @Test func aRetryAfterPastTheDeadlineFailsAtOnce() async throws {
        let log = RequestLog()
        // 25 s is within the policy's 30 s limit for Retry-After, but not within what is left of 20 s.
        let server = try LoopbackServer(scripted([json(429, "{}", headers: [("Retry-After", "25")]), json(200, "{}")], log: log))
        defer { server.stop() }
        let recorder = WaitRecorder()
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(baseURL: server.baseURL, retry: quickRetry(), totalDeadline: .seconds(20)),
            sleep: recorder.sleep)

        #expect(await failure(of: client, .get("/v1/feed")) == .retryAfterTooLong(seconds: 25))
        #expect(await log.count == 1)
        #expect(await recorder.waits.isEmpty)
    }

    @Test func defaults() {
        let configuration = HTTPClientConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!)
        #expect(configuration.timeout == .seconds(10))
        #expect(configuration.totalDeadline == .seconds(10))
        #expect(configuration.maxBodyBytes == 8 << 20)
        let request = HTTPRequest.get("/v1/feed")
        #expect(request.totalDeadline == nil && request.maxBodyBytes == nil && request.timeout == nil)
    }
}
