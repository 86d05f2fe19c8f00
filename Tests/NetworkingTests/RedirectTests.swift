import Foundation
import HTTPServer
@testable import Networking
import Testing
import TestingSupport

@Suite("HTTPTransportClient: redirects")
struct RedirectTests {
    private static func redirect(to location: String) -> RawReplyServer.Reply {
        RawReplyServer.Reply(head: Array(rawHead("HTTP/1.1 302 Found\nLocation: \(location)\nContent-Length: 0\nConnection: close\n\n").utf8))
    }

    @Test func aRedirectToAnotherHostIsRefused() async throws {
        let other = try RawReplyServer(reply: Array(rawHead("HTTP/1.1 200 OK\nContent-Length: 2\n\n{}").utf8))
        defer { other.stop() }
        let server = try RawReplyServer { _ in Self.redirect(to: "http://127.0.0.1:\(other.port)/v1/feed") }
        defer { server.stop() }
        let client = makeClient(server.baseURL, tokens: TestTokens(initial: "secret"))

        let error = await failure(of: client, .get("/v1/feed"))

        #expect(error == .redirectToOtherHost("127.0.0.1:\(other.port)"))
        #expect(error?.description == "the server redirected to another host (127.0.0.1:\(other.port)); refused")
        #expect(server.connections == 1, "not retried")
        #expect(other.connections == 0, "the other host never saw the request (nor the token)")
    }

    @Test func aRedirectToAnotherSchemeIsRefused() async throws {
        let server = try RawReplyServer { _ in Self.redirect(to: "https://127.0.0.1:9/v1/feed") }
        defer { server.stop() }

        let error = await failure(of: makeClient(server.baseURL), .get("/v1/feed"))

        #expect(error?.description == "the server redirected to another host (https://127.0.0.1:9); refused")
        #expect(server.connections == 1)
    }

    @Test func redirectGuardRules() throws {
        var guardian = RedirectGuard(start: try #require(URL(string: "http://api.example:8080/v1/feed#top")))
        #expect(guardian.check(URL(string: "http://API.example:8080/v1/a")) == nil)
        #expect(guardian.check(URL(string: "https://api.example:8080/v1/b")) == .redirectToOtherHost("https://api.example:8080"))
        #expect(guardian.check(URL(string: "http://cdn.example/x")) == .redirectToOtherHost("cdn.example"))
        #expect(guardian.check(URL(string: "http://api.example:8081/x")) == .redirectToOtherHost("api.example:8081"))
        #expect(guardian.check(URL(string: "http://api.example:8080/v1/feed")) == .redirectLoop)
        #expect(guardian.check(URL(string: "http://api.example:8080/v1/a#again")) == .redirectLoop)
        for hop in 2...5 { #expect(guardian.check(URL(string: "http://api.example:8080/hop/\(hop)")) == nil) }
        #expect(guardian.check(URL(string: "http://api.example:8080/hop/6")) == .tooManyRedirects(limit: 5))
    }

    @Test func aRedirectLoopIsReported() async throws {
        let server = try RawReplyServer { _ in Self.redirect(to: "/loop") }
        defer { server.stop() }

        let error = await failure(of: makeClient(server.baseURL), .get("/v1/feed"))

        #expect(error == .redirectLoop)
        #expect(error?.description == "the server sent a redirect loop")
        #expect(server.connections == 2, "/v1/feed, then /loop once; not retried")
        #expect(error?.isOutcomeUnknown == true)
    }

    @Test func endlessDistinctRedirectsStopAfterFive() async throws {
        let server = try RawReplyServer { Self.redirect(to: "/hop/\($0)") }
        defer { server.stop() }

        let error = await failure(of: makeClient(server.baseURL), .get("/v1/feed"))

        #expect(error == .tooManyRedirects(limit: 5))
        #expect(error?.description == "the server redirected more than 5 times; refused")
        #expect(server.connections == 6)
    }

    /// A redirect is answered at its headers: its body, endless here, is never read, and the
    /// connection it came on is closed.
    @Test func anEndlessRedirectBodyIsNotRead() async throws {
        let endless = RawReplyServer.Reply(
            head: Array(rawHead("HTTP/1.1 302 Found\nLocation: /elsewhere\nTransfer-Encoding: chunked\n\n").utf8),
            repeating: chunk(size: 64 << 10))
        let ok = RawReplyServer.Reply(head: Array(rawHead("HTTP/1.1 200 OK\nContent-Length: 2\nConnection: close\n\n{}").utf8))
        let server = try RawReplyServer { $0 == 1 ? endless : ok }
        defer { server.stop() }
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(baseURL: server.baseURL, retry: .none, totalDeadline: .seconds(60)),
            sleep: WaitRecorder().sleep)

        let response = try await client.send(.get("/v1/feed"))

        #expect(response.body == Data("{}".utf8))
        #expect(server.requests.map { $0.split(separator: " ").dropFirst().first ?? "" } == ["/v1/feed", "/elsewhere"])
        #expect(await eventually { server.openConnections == 0 })
    }

    @Test func endlessRedirectBodiesInALoopEndAsALoop() async throws {
        let server = try RawReplyServer(
            head: rawHead("HTTP/1.1 302 Found\nLocation: /elsewhere\nTransfer-Encoding: chunked\n\n"),
            repeating: chunk(size: 64 << 10))
        defer { server.stop() }

        let error = await failure(of: makeClient(server.baseURL), .get("/v1/feed"))

        #expect(error == .redirectLoop)
        #expect(server.connections == 2, "/v1/feed, then /elsewhere once; not retried")
        #expect(await eventually { server.openConnections == 0 })
    }

    @Test func sameOriginRedirectsAreFollowedWithTheToken() async throws {
        let log = RequestLog()
        let server = try LoopbackServer { request in
            _ = await log.record(request)
            switch request.path {
            case "/v1/old": return HTTPServerResponse(status: 301, headers: [("Location", "/v1/middle")])
            case "/v1/middle": return HTTPServerResponse(status: 307, headers: [("Location", "/v1/new?x=1")])
            default: return json(200, #"{"moved":true}"#)
            }
        }
        defer { server.stop() }

        let response = try await makeClient(server.baseURL, tokens: TestTokens(initial: "abc")).send(.get("/v1/old"))

        #expect(String(decoding: response.body, as: UTF8.self) == #"{"moved":true}"#)
        #expect(await log.requests.map(\.path) == ["/v1/old", "/v1/middle", "/v1/new"])
        #expect(await log.authorizations == ["Bearer abc", "Bearer abc", "Bearer abc"])
    }

    @Test func a303TurnsAPostIntoAGetAnd307RepeatsIt() async throws {
        let log = RequestLog()
        let server = try LoopbackServer { request in
            _ = await log.record(request)
            switch request.path {
            case "/see-other": return HTTPServerResponse(status: 303, headers: [("Location", "/result")])
            case "/temporary": return HTTPServerResponse(status: 307, headers: [("Location", "http://127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "")/again")])
            default: return json(200, "{}")
            }
        }
        defer { server.stop() }
        let client = makeClient(server.baseURL)
        let body = Data(#"{"liked":true}"#.utf8)

        for path in ["/see-other", "/temporary"] {
            _ = try await client.send(HTTPRequest(method: .post, path: path, headers: ["Content-Type": "application/json"], body: body))
        }

        let requests = await log.requests
        #expect(requests.map { "\($0.method) \($0.path)" } == ["POST /see-other", "GET /result", "POST /temporary", "POST /again"])
        #expect(requests.map(\.body) == [body, Data(), body, body])
        #expect(requests[1].headers["content-type"] == nil)
    }

    @Test func aPhotoRedirectedToTheAPIHostIsRefused() async throws {
        let api = RequestLog()
        let apiServer = try LoopbackServer(scripted([json(200, "{}")], log: api))
        defer { apiServer.stop() }
        let cdn = try RawReplyServer { _ in Self.redirect(to: "http://127.0.0.1:\(apiServer.port)/v1/feed") }
        defer { cdn.stop() }
        let client = makeClient(apiServer.baseURL, tokens: TestTokens(initial: "secret"))

        let photo = try #require(URL(string: "http://127.0.0.1:\(cdn.port)/p1.jpg"))
        #expect(await failure(of: client, .get(url: photo)) == .redirectToOtherHost("127.0.0.1:\(apiServer.port)"))
        #expect(await api.count == 0)
        #expect(cdn.requests.allSatisfy { !$0.lowercased().contains("authorization") })
    }
}
