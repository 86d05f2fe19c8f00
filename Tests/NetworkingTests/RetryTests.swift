import Foundation
import HTTPServer
import Testing
@testable import Networking

@Suite("HTTPTransportClient: responses and retries")
struct RetryTests {
    struct Item: Decodable, Sendable, Equatable { let id: String }
    struct Page: Decodable, Sendable { let items: [Item] }

    @Test func getDecodesTheBodyAndSendsTheQueryIntact() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(200, #"{"items":[{"id":"a"},{"id":"b"}]}"#)], log: log))
        defer { server.stop() }
        let client = makeClient(server.baseURL)

        let request = HTTPRequest.get("/v1/feed", query: [URLQueryItem(name: "limit", value: "20"), URLQueryItem(name: "cursor", value: "a+b/c= d")])
        let page = try await client.send(request, decoding: Page.self)

        #expect(page.items == [Item(id: "a"), Item(id: "b")])
        let received = try #require(await log.requests.first)
        #expect(received.method == "GET")
        #expect(received.path == "/v1/feed")
        #expect(received.queryValue("limit") == "20")
        #expect(received.queryValue("cursor") == "a+b/c= d")
        #expect(received.headers["accept"] == "application/json")
        #expect(received.headers["authorization"] == nil)
    }

    @Test func successReturnsStatusHeadersAndBody() async throws {
        let log = RequestLog()
        let reply = HTTPServerResponse(status: 201, headers: [("X-Trace", "t1")], body: Data("made".utf8))
        let server = try LoopbackServer(scripted([reply], log: log))
        defer { server.stop() }

        let response = try await makeClient(server.baseURL).send(
            HTTPRequest(method: .post, path: "/v1/things", headers: ["Content-Type": "text/plain"], body: Data("hello".utf8)))

        #expect(response.status == 201)
        #expect(response.header("x-trace") == "t1")
        #expect(response.body == Data("made".utf8))
        let received = try #require(await log.requests.first)
        #expect(received.method == "POST")
        #expect(received.body == Data("hello".utf8))
    }

    @Test func decodingErrorCarriesTheJSONPath() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(200, #"{"items":[{"id":"a"},{"name":"x"}]}"#)], log: log))
        defer { server.stop() }

        await #expect(throws: HTTPError.decoding(path: "$.items[1].id", reason: "missing key")) {
            try await makeClient(server.baseURL).send(.get("/v1/feed"), decoding: Page.self)
        }
        #expect(await log.count == 1)
    }

    @Test func serverErrorsAreRetriedTwiceThenReported() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(500, #"{"error":"database down"}"#)], log: log))
        defer { server.stop() }
        let recorder = WaitRecorder()

        await #expect(throws: HTTPError.status(code: 500, message: "database down")) {
            try await makeClient(server.baseURL, recorder: recorder).send(.get("/v1/feed"))
        }
        #expect(await log.count == 3)
        #expect(await recorder.waits == [.milliseconds(1), .milliseconds(2)])
    }

    @Test func twoUnavailableRepliesThenSuccess() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(503, "{}"), json(502, "{}"), json(200, #"{"items":[]}"#)], log: log))
        defer { server.stop() }

        let page = try await makeClient(server.baseURL).send(.get("/v1/feed"), decoding: Page.self)

        #expect(page.items.isEmpty)
        #expect(await log.count == 3)
    }

    @Test func realBackoffWaitsStillSucceed() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(503, "{}"), json(200, "{}")], log: log))
        defer { server.stop() }
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(
            baseURL: server.baseURL,
            retry: RetryPolicy(baseDelay: .milliseconds(5), maxDelay: .milliseconds(10), jitter: .equal), totalDeadline: .seconds(30)))

        let response = try await client.send(.get("/v1/feed"))

        #expect(response.status == 200)
        #expect(await log.count == 2)
    }

    @Test func clientErrorsAreNotRetried() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(400, #"{"error":"bad cursor"}"#), json(200, "{}")], log: log))
        defer { server.stop() }

        await #expect(throws: HTTPError.status(code: 400, message: "bad cursor")) {
            try await makeClient(server.baseURL).send(.get("/v1/feed"))
        }
        #expect(await log.count == 1)
    }

    @Test func statusWithoutJSONErrorHasNoMessage() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([HTTPServerResponse(status: 404, body: Data("<html>nope</html>".utf8))], log: log))
        defer { server.stop() }

        await #expect(throws: HTTPError.status(code: 404, message: nil)) {
            try await makeClient(server.baseURL).send(.get("/missing"))
        }
    }

    @Test func postIsNotRetried() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(503, #"{"error":"busy"}"#), json(200, "{}")], log: log))
        defer { server.stop() }
        let recorder = WaitRecorder()

        await #expect(throws: HTTPError.status(code: 503, message: "busy")) {
            try await makeClient(server.baseURL, recorder: recorder).send(HTTPRequest(method: .post, path: "/v1/posts/p1/like"))
        }
        #expect(await log.count == 1)
        #expect(await recorder.waits.isEmpty)
    }

    @Test func aRequestsRetryLimitCapsThePolicy() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(503, "{}"), json(503, "{}"), json(200, "{}")], log: log))
        defer { server.stop() }
        let recorder = WaitRecorder()
        var once = HTTPRequest.get("/v1/flags")
        once.retryLimit = 0

        await #expect(throws: HTTPError.status(code: 503, message: nil)) {
            try await makeClient(server.baseURL, recorder: recorder).send(once)
        }
        #expect(await log.count == 1)
        #expect(await recorder.waits.isEmpty)
        var twice = HTTPRequest.get("/v1/flags")
        twice.retryLimit = 9
        _ = try await makeClient(server.baseURL, recorder: recorder).send(twice)
        #expect(await log.count == 3, "the policy's 2 retries still bound a larger limit")
    }

    @Test func putIsRetried() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(503, "{}"), json(200, #"{"liked":true,"likeCount":3}"#)], log: log))
        defer { server.stop() }

        let request = try HTTPRequest.json(.put, "/v1/posts/p1/like", body: ["liked": true])
        let response = try await makeClient(server.baseURL).send(request)

        #expect(response.status == 200)
        #expect(await log.count == 2)
        #expect(await log.requests.allSatisfy { $0.body == Data(#"{"liked":true}"#.utf8) })
    }

    @Test func retryPolicyNoneSendsOnce() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(503, "{}")], log: log))
        defer { server.stop() }

        await #expect(throws: HTTPError.status(code: 503, message: nil)) {
            try await makeClient(server.baseURL, retry: .none).send(.get("/v1/feed"))
        }
        #expect(await log.count == 1)
    }

    @Test(arguments: [0, 1])
    func retryAfterReplacesTheBackoff(seconds: Int) async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted(
            [json(429, #"{"error":"slow down"}"#, headers: [("Retry-After", "\(seconds)")]), json(200, "{}")], log: log))
        defer { server.stop() }
        let recorder = WaitRecorder()

        let response = try await makeClient(server.baseURL, recorder: recorder).send(.get("/v1/feed"))

        #expect(response.status == 200)
        #expect(await log.count == 2)
        #expect(await recorder.waits == [.seconds(seconds)])
    }

    @Test func retryAfterIsReallyWaited() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(503, "{}", headers: [("Retry-After", "1")]), json(200, "{}")], log: log))
        defer { server.stop() }
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: server.baseURL, totalDeadline: .seconds(30)))

        let clock = ContinuousClock()
        let started = clock.now
        let response = try await client.send(.get("/v1/feed"))

        #expect(response.status == 200)
        #expect(await log.count == 2)
        // A lower bound only: the wait cannot be shorter than the server asked for.
        #expect(clock.now - started >= .seconds(1))
    }

    @Test func retryAfterTooLongFailsAtOnce() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(429, "{}", headers: [("Retry-After", "120")]), json(200, "{}")], log: log))
        defer { server.stop() }
        let recorder = WaitRecorder()

        await #expect(throws: HTTPError.retryAfterTooLong(seconds: 120)) {
            try await makeClient(server.baseURL, recorder: recorder).send(.get("/v1/feed"))
        }
        #expect(await log.count == 1)
        #expect(await recorder.waits.isEmpty)
        #expect(HTTPError.retryAfterTooLong(seconds: 120).description == "the server asked to wait 120 s before trying again")
    }

    @Test func retryAfterAsHTTPDateIsHonoured() async throws {
        let start = Date()
        let inAnHour = start.addingTimeInterval(3600)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(503, "{}", headers: [("Retry-After", formatter.string(from: inAnHour))])], log: log))
        defer { server.stop() }

        let failure = await #expect(throws: HTTPError.self) {
            try await makeClient(server.baseURL).send(.get("/v1/feed"))
        }
        guard case .retryAfterTooLong(let seconds) = failure else {
            Issue.record("expected retryAfterTooLong, got \(String(describing: failure))")
            return
        }
        // The date has whole seconds, and a starved box may take a while between writing it and
        // reading it: the wait is an hour less the time that passed since.
        let passed = Int(Date().timeIntervalSince(start).rounded(.up))
        #expect((3599 - passed...3601).contains(seconds), "\(seconds) s, \(passed) s after the date was written")
        #expect(await log.count == 1)
    }

    @Test func retryAfterIsIgnoredOnOtherStatuses() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(500, "{}", headers: [("Retry-After", "120")]), json(200, "{}")], log: log))
        defer { server.stop() }
        let recorder = WaitRecorder()

        let response = try await makeClient(server.baseURL, recorder: recorder).send(.get("/v1/feed"))

        #expect(response.status == 200)
        #expect(await recorder.waits == [.milliseconds(1)])
    }
}
