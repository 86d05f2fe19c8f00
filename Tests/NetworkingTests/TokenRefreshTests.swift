import Foundation
import HTTPServer
import Testing
@testable import Networking

@Suite("HTTPTransportClient: bearer tokens")
struct TokenRefreshTests {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "the sign-in service said no" }
    }

    @Test(.timeLimit(.minutes(1)))
    func concurrent401sShareOneRefresh() async throws {
        let log = RequestLog()
        // Every request with the old token is held until all five have arrived, so all five are
        // refused together and their refreshes overlap.
        let barrier = Gate(opensAfter: 5)
        let server = try LoopbackServer { request in
            _ = await log.record(request)
            if request.headers["authorization"] == "Bearer new" { return json(200, #"{"ok":true}"#) }
            await barrier.wait()
            return json(401, #"{"error":"token expired"}"#)
        }
        defer { server.stop() }
        let tokens = TestTokens(initial: "old")
        let client = makeClient(server.baseURL, tokens: tokens)

        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<5 {
                group.addTask { try await client.send(.get("/v1/likes/\(index)")).status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(statuses == [200, 200, 200, 200, 200])
        #expect(await tokens.refreshes == ["old"])
        let authorizations = await log.authorizations
        #expect(authorizations.filter { $0 == "Bearer old" }.count == 5)
        #expect(authorizations.filter { $0 == "Bearer new" }.count == 5)
    }

    @Test func a401AfterRefreshIsReported() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(401, #"{"error":"not allowed"}"#)], log: log))
        defer { server.stop() }
        let tokens = TestTokens(initial: "old")

        await #expect(throws: HTTPError.status(code: 401, message: "not allowed")) {
            try await makeClient(server.baseURL, tokens: tokens).send(HTTPRequest(method: .post, path: "/v1/posts/p1/like"))
        }
        #expect(await tokens.refreshes == ["old"])
        #expect(await log.authorizations == ["Bearer old", "Bearer new"])
    }

    @Test func failedRefreshExplainsWhy() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(401, #"{"error":"token expired"}"#)], log: log))
        defer { server.stop() }
        let tokens = TestTokens(initial: "old", failure: Refused())

        await #expect(throws: HTTPError.status(
            code: 401, message: "token expired; renewing the access token failed: the sign-in service said no")) {
            try await makeClient(server.baseURL, tokens: tokens).send(.get("/v1/feed"))
        }
        #expect(await log.count == 1)
    }

    @Test func noTokenMeansNoAuthorizationHeader() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(200, "{}")], log: log))
        defer { server.stop() }

        _ = try await makeClient(server.baseURL, tokens: TestTokens(initial: nil)).send(.get("/v1/feed"))

        #expect(await log.authorizations == ["-"])
    }

    @Test func tokenIsSentOnEveryAttempt() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(503, "{}"), json(200, "{}")], log: log))
        defer { server.stop() }

        _ = try await makeClient(server.baseURL, tokens: TestTokens(initial: "abc")).send(.get("/v1/feed"))

        #expect(await log.authorizations == ["Bearer abc", "Bearer abc"])
    }

    @Test func laterRefusalOfAnOldTokenReusesTheRenewedOne() async throws {
        let tokens = TestTokens(initial: "old")
        let refresher = TokenRefresher(provider: tokens)

        let first = try await refresher.token(replacing: "old")
        let second = try await refresher.token(replacing: "old")
        let third = try await refresher.token(replacing: "new")

        #expect([first, second, third] == ["new", "new", "new"])
        #expect(await tokens.refreshes == ["old", "new"])
    }
}

@Suite("HTTPTransportClient: absolute URLs")
struct AbsoluteURLTests {
    @Test func anAbsoluteURLOnAnotherHostGetsNoToken() async throws {
        let api = RequestLog()
        let cdn = RequestLog()
        let apiServer = try LoopbackServer(scripted([json(200, "{}")], log: api))
        defer { apiServer.stop() }
        let cdnServer = try LoopbackServer(scripted([json(200, #"{"photo":true}"#), json(401, "{}")], log: cdn))
        defer { cdnServer.stop() }
        let tokens = TestTokens(initial: "secret")
        let client = makeClient(apiServer.baseURL, tokens: tokens)

        let photo = try #require(URL(string: cdnServer.baseURL.absoluteString + "/v1/photos/p%C3%A9.jpg?w=600"))
        let response = try await client.send(.get(url: photo))
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"photo":true}"#)
        _ = try await client.send(.get("/v1/feed"))
        // A 401 from another host is that host's answer, not a reason to refresh the API's token.
        await #expect(throws: HTTPError.status(code: 401, message: nil)) { try await client.send(.get(url: photo)) }

        #expect(await cdn.authorizations == ["-", "-"])
        let sent = await cdn.requests
        #expect(sent.map(\.path) == ["/v1/photos/pé.jpg", "/v1/photos/pé.jpg"])
        #expect(sent.map { $0.queryValue("w") } == ["600", "600"])
        #expect(await api.authorizations == ["Bearer secret"])
        #expect(await tokens.refreshes.isEmpty)
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://h/x", "/relative/path"])
    func onlyAbsoluteHTTPAddressesAreFetched(text: String) async throws {
        let client = makeClient(URL(string: "http://127.0.0.1:9")!)
        let url = try #require(URL(string: text))
        await #expect(throws: HTTPError.self) { try await client.send(.get(url: url)) }
    }

    @Test func sameOriginCountsDefaultPorts() throws {
        let base = try #require(URL(string: "https://api.example"))
        #expect(HTTPTransportClient.sameOrigin(try #require(URL(string: "https://API.example:443/x")), base))
        #expect(!HTTPTransportClient.sameOrigin(try #require(URL(string: "http://api.example/x")), base))
        #expect(!HTTPTransportClient.sameOrigin(try #require(URL(string: "https://cdn.example/x")), base))
    }
}
