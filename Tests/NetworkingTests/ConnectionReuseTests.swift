import Foundation
import HTTPServer
import Testing
@testable import Networking

@Suite("HTTPTransportClient: connections and methods")
struct ConnectionReuseTests {
    private static let keepAlive = RawReplyServer.Reply(
        head: Array(rawHead("HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 2\n\n{}").utf8), keepAlive: true)

    @Test func sequentialRequestsReuseOneConnection() async throws {
        let server = try RawReplyServer { _ in Self.keepAlive }
        defer { server.stop() }
        let client = makeClient(server.baseURL)

        for _ in 0..<5 { _ = try await client.send(.get("/v1/feed")) }

        #expect(server.requests.count == 5)
        #expect(server.connections == 1, "HTTP keep-alive: one connection for five requests")
    }

    @Test func anAbortedTransferDoesNotSpoilTheNextRequest() async throws {
        let endless = RawReplyServer.Reply(
            head: Array(rawHead("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n").utf8), repeating: chunk(size: 64 << 10))
        let server = try RawReplyServer { $0 == 1 ? endless : Self.keepAlive }
        defer { server.stop() }
        let client = makeClient(server.baseURL, retry: .none)

        #expect(await failure(of: client, .get("/v1/feed")) == .bodyTooLarge(limit: 8 << 20))
        // The refused transfer closed its connection: the next exchange opens a new one.
        #expect(try await client.send(.get("/v1/feed")).body == Data("{}".utf8))
        #expect(server.connections == 2)
    }

    @Test func eachMethodIsSentWithItsBody() async throws {
        let log = RequestLog()
        let server = try LoopbackServer { request in
            _ = await log.record(request)
            return json(200, "{}")
        }
        defer { server.stop() }
        let client = makeClient(server.baseURL)
        let body = Data("{\"liked\":true}".utf8)

        _ = try await client.send(HTTPRequest(method: .put, path: "/a", headers: ["Content-Type": "application/json"], body: body))
        _ = try await client.send(HTTPRequest(method: .post, path: "/b", body: Data([0, 1, 2, 0])))
        _ = try await client.send(HTTPRequest(method: .post, path: "/c"))
        _ = try await client.send(HTTPRequest(method: .delete, path: "/d"))

        let requests = await log.requests
        #expect(requests.map(\.method) == ["PUT", "POST", "POST", "DELETE"])
        #expect(requests.map(\.body) == [body, Data([0, 1, 2, 0]), Data(), Data()])
        #expect(requests[0].headers["content-type"] == "application/json")
        #expect(requests[1].headers["content-type"] == nil, "no form type made up for a body without one")
        #expect(requests.allSatisfy { $0.headers["expect"] == nil })
    }

    @Test func headerValuesCannotAddLines() async throws {
        let server = try RawReplyServer(reply: Array(rawHead("HTTP/1.1 200 OK\nContent-Length: 2\nConnection: close\n\n{}").utf8))
        defer { server.stop() }
        let client = makeClient(server.baseURL, tokens: TestTokens(initial: "abc\r\nX-Injected: 1"))

        _ = try await client.send(HTTPRequest(method: .get, path: "/v1/feed", headers: ["X-Trace": "t1\nX-Other: 2", "Bad Name": "x"]))

        let head = try #require(server.requests.first).lowercased()
        #expect(!head.contains("\r\nx-injected:") && !head.contains("\r\nx-other:"))
        #expect(head.contains("authorization: bearer abc  x-injected: 1"), "each line break became a space")
        #expect(!head.contains("bad name"))
    }
}
