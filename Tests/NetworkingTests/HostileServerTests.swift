import Foundation
@testable import Networking
import Testing
import TestingSupport

/// A raw HTTP head; `\n` becomes CRLF.
func rawHead(_ text: String) -> String {
    text.replacingOccurrences(of: "\n", with: "\r\n")
}

/// One chunk of `size` spaces in chunked transfer coding.
func chunk(size: Int) -> [UInt8] {
    Array("\(String(size, radix: 16))\r\n".utf8) + [UInt8](repeating: 0x20, count: size) + Array("\r\n".utf8)
}

/// The pause between 64 KB pieces of an endless body: at most 64 MB/s, a fast LAN (tests that
/// want full loopback speed, GB/s, send without a pause).
let fastLAN: Duration = .milliseconds(1)

/// The error `request` ends with, or `nil` when it succeeds.
func failure(of client: HTTPTransportClient, _ request: HTTPRequest) async -> HTTPError? {
    do throws(HTTPError) {
        _ = try await client.send(request)
        return nil
    } catch {
        return error
    }
}

@Suite("HTTPTransportClient: a hostile server")
struct HostileServerTests {
    @Test func endlessChunkedBodyStopsAtTheLimitAndIsNotRetried() async throws {
        let server = try RawReplyServer(
            head: rawHead("HTTP/1.1 200 OK\nContent-Type: application/json\nTransfer-Encoding: chunked\n\n"),
            repeating: chunk(size: 64 << 10))
        defer { server.stop() }

        let client = makeClient(server.baseURL)

        let error = await failure(of: client, .get("/v1/feed"))

        #expect(error == .bodyTooLarge(limit: 8 << 20))
        #expect(error?.description == "the server's answer was larger than 8 MB")
        #expect(server.connections == 1)
        // The aborted transfer ends and the engine lets go of it.
        let engine = client.engine
        #expect(await eventually { engine.activeTransfers == 0 })
        #expect(await eventually { server.openConnections == 0 })
    }

    @Test func gzipBombIsCountedAfterDecompression() async throws {
        let bomb = try await onOwnThread { GzipZeros.gzip(count: 64 << 20) }
        #expect(bomb.count < 1 << 20, "the compressed body itself is under the limit")
        let server = try RawReplyServer(reply: Array(rawHead(
            "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Encoding: gzip\nContent-Length: \(bomb.count)\nConnection: close\n\n").utf8) + bomb)
        defer { server.stop() }

        let error = await failure(of: makeClient(server.baseURL), .get("/v1/feed"))

        #expect(error == .bodyTooLarge(limit: 8 << 20))
        #expect(server.connections == 1)
    }

    @Test func gzipBodyUnderTheLimitArrivesDecompressed() async throws {
        let body = GzipZeros.gzip(count: 100_000)
        let server = try RawReplyServer(reply: Array(rawHead(
            "HTTP/1.1 200 OK\nContent-Encoding: gzip\nContent-Length: \(body.count)\nConnection: close\n\n").utf8) + body)
        defer { server.stop() }
        let client = makeClient(server.baseURL)

        let response = try await client.send(.get("/v1/photos/p1.jpg"))
        #expect(response.body == Data(count: 100_000))
        #expect(server.requests.first?.lowercased().contains("accept-encoding:") == true)

        var small = HTTPRequest.get("/v1/photos/p1.jpg")
        small.maxBodyBytes = 50 << 10
        let error = await failure(of: client, small)
        #expect(error?.description == "the server's answer was larger than 50 KB")
    }

    @Test func hugeContentLengthIsRefusedBeforeTheBody() async throws {
        // The body drips forever: only refusing on the declared length can end this request
        // before its 60 s deadline.
        let server = try RawReplyServer(
            head: rawHead("HTTP/1.1 200 OK\nContent-Length: 10000000000\n\n"), repeating: [0x20], every: .milliseconds(50))
        defer { server.stop() }
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(baseURL: server.baseURL, timeout: .seconds(60), totalDeadline: .seconds(60)),
            sleep: WaitRecorder().sleep)

        let error = await failure(of: client, .get("/v1/feed"))

        #expect(error == .bodyTooLarge(limit: 8 << 20))
        #expect(server.connections == 1)
    }

    @Test func aRequestMayAllowALargerBody() async throws {
        let size = 9 << 20
        let server = try RawReplyServer(reply: Array(rawHead(
            "HTTP/1.1 200 OK\nContent-Type: image/jpeg\nContent-Length: \(size)\nConnection: close\n\n").utf8)
            + [UInt8](repeating: 0xFF, count: size))
        defer { server.stop() }
        let client = makeClient(server.baseURL)

        var photo = HTTPRequest.get("/v1/photos/p1.jpg")
        photo.maxBodyBytes = 20 << 20
        #expect(try await client.send(photo).body.count == size)
        #expect(await failure(of: client, .get("/v1/photos/p1.jpg")) == .bodyTooLarge(limit: 8 << 20))
    }

    @Test func bodyOfExactlyTheLimitIsAccepted() async throws {
        let server = try RawReplyServer(
            head: rawHead("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n") + String(repeating: "400\r\n" + String(repeating: "x", count: 1024) + "\r\n", count: 64) + "0\r\n\r\n",
            repeating: [])
        defer { server.stop() }
        var request = HTTPRequest.get("/v1/feed")
        request.maxBodyBytes = 64 << 10

        #expect(try await makeClient(server.baseURL).send(request).body.count == 64 << 10)
        request.maxBodyBytes = (64 << 10) - 1
        #expect(await failure(of: makeClient(server.baseURL), request) == .bodyTooLarge(limit: (64 << 10) - 1))
    }

    @Test func slowDripBodyEndsAtTheTotalDeadline() async throws {
        let server = try RawReplyServer(
            head: rawHead("HTTP/1.1 200 OK\nContent-Length: 100000\n\n"), repeating: [0x20], every: .milliseconds(50))
        defer { server.stop() }
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(baseURL: server.baseURL, retry: quickRetry(), totalDeadline: .seconds(1)),
            sleep: WaitRecorder().sleep)

        let error = await failure(of: client, .get("/v1/feed"))

        #expect(error == .timeout(seconds: 1))
        #expect(error?.description == "the server did not answer within 1 s")
        // The per-try timeout (10 s) never came and no time was left to retry. (At most one
        // connection: on a loaded machine the one attempt may not even have connected in 1 s.)
        #expect(server.connections <= 1)
    }

    @Test func aRequestMayShortenTheTotalDeadline() async throws {
        let server = try RawReplyServer(head: rawHead("HTTP/1.1 200 OK\nContent-Length: 10\n\n"), repeating: [0x20], every: .seconds(5))
        defer { server.stop() }
        var request = HTTPRequest.get("/v1/feed")
        request.totalDeadline = .milliseconds(500)

        #expect(await failure(of: makeClient(server.baseURL), request) == .timeout(seconds: 0.5))
    }

    @Test func perTryTimeoutsAreRetriedWithinTheTotalDeadline() async throws {
        let server = try RawReplyServer(head: rawHead("HTTP/1.1 200 OK\nContent-Length: 10\n\n"), repeating: [0x20], every: .seconds(5))
        defer { server.stop() }
        let recorder = WaitRecorder()
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(
                baseURL: server.baseURL, timeout: .milliseconds(300), retry: quickRetry(2), totalDeadline: .seconds(60)),
            sleep: recorder.sleep)

        #expect(await failure(of: client, .get("/v1/feed")) == .timeout(seconds: 0.3))
        #expect(await recorder.waits.count == 2, "three attempts")
        // On a loaded machine an attempt can time out before it even connects: at most three.
        #expect(server.connections <= 3)
    }

    @Test func shortBodyIsAConnectionClosedEarly() async throws {
        let server = try RawReplyServer(reply: Array(rawHead("HTTP/1.1 200 OK\nContent-Length: 100\nConnection: close\n\n{\"ite").utf8))
        defer { server.stop() }
        let host = "127.0.0.1:\(server.port)"

        let error = await failure(of: makeClient(server.baseURL), .get("/v1/feed"))

        #expect(error == .connectionClosed(host: host))
        #expect(error?.description == "the connection to \(host) closed before the whole answer arrived")
        #expect(server.connections == 3, "a GET cut short is a network failure: retried twice")
        let post = await failure(of: makeClient(server.baseURL), HTTPRequest(method: .post, path: "/v1/posts/p1/like"))
        #expect(post == .connectionClosed(host: host))
        #expect(post?.isOutcomeUnknown == true)
        #expect(server.connections == 4, "a POST is never sent twice")
    }

    @Test func shortChunkedBodyIsAConnectionClosedEarly() async throws {
        let server = try RawReplyServer(reply: Array(rawHead("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\nConnection: close\n\n10\n0123").utf8))
        defer { server.stop() }

        #expect(await failure(of: makeClient(server.baseURL, retry: .none), .get("/v1/feed")) == .connectionClosed(host: "127.0.0.1:\(server.port)"))
    }

    @Test(arguments: [Array("\u{0}\u{1}garbage\r\n\r\nmore".utf8), Array("HTTP/1.1 abc\r\n\r\n".utf8)])
    func garbageInsteadOfHTTPIsNotRetried(reply: [UInt8]) async throws {
        let server = try RawReplyServer(reply: reply)
        defer { server.stop() }
        let host = "127.0.0.1:\(server.port)"

        let error = await failure(of: makeClient(server.baseURL), .get("/v1/feed"))

        #expect(error == .notHTTP(host: host))
        #expect(error?.description == "\(host) did not answer in HTTP; check that the address is the feed server")
        #expect(server.connections == 1)
    }

    @Test func emptyReplyIsAConnectionClosedEarly() async throws {
        let server = try RawReplyServer(reply: [])
        defer { server.stop() }

        #expect(await failure(of: makeClient(server.baseURL, retry: .none), .get("/v1/feed")) == .connectionClosed(host: "127.0.0.1:\(server.port)"))
    }

    @Test func brokenChunkingIsAMalformedReplyAndNotRetried() async throws {
        let server = try RawReplyServer(reply: Array(rawHead("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\nConnection: close\n\nzz\nabc").utf8))
        defer { server.stop() }
        let host = "127.0.0.1:\(server.port)"

        let error = await failure(of: makeClient(server.baseURL), .get("/v1/feed"))

        #expect(error == .malformedReply(host: host, reason: "Illegal or missing hexadecimal sequence in chunked-encoding"))
        #expect(error?.description == "the answer from \(host) could not be read: Illegal or missing hexadecimal sequence in chunked-encoding")
        #expect(server.connections == 1)
    }

    @Test func serverErrorTextIsKeptToOneLine() async throws {
        let hostile = #"{"error":"line one\n\u001b[31mred\u001b[0m\r\nline two\u202e"# + String(repeating: "x", count: 5000) + #""}"#
        let server = try RawReplyServer(reply: Array(rawHead(
            "HTTP/1.1 400 Bad Request\nContent-Type: application/json\nContent-Length: \(hostile.utf8.count)\nConnection: close\n\n").utf8)
            + Array(hostile.utf8))
        defer { server.stop() }

        let error = try #require(await failure(of: makeClient(server.baseURL), .get("/v1/feed")))

        #expect(!error.description.contains(where: { $0.isNewline || $0 == "\u{1B}" || $0 == "\u{202E}" }))
        #expect(error.description.hasPrefix("the server answered 400: line one [31mred [0m line two xxx"))
        #expect(error.description.count < 250)
        #expect(error.outcome == .refused)
    }
}
