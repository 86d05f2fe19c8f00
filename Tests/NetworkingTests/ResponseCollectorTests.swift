import Foundation
import Testing
@testable import Networking

@Suite("ResponseCollector: headers and body as libcurl hands them over")
struct ResponseCollectorTests {
    /// Feeds `lines` (each gets CRLF) and returns whether every one was accepted.
    private func feed(_ collector: inout ResponseCollector, _ lines: [String]) -> Bool {
        lines.allSatisfy { line in
            let bytes = Array((line + "\r\n").utf8)
            return bytes.withUnsafeBytes { collector.header($0) }
        }
    }

    private func body(_ collector: inout ResponseCollector, _ count: Int) -> Bool {
        [UInt8](repeating: 0x20, count: count).withUnsafeBytes { collector.body($0) }
    }

    @Test func anInterimResponseIsForgotten() {
        var collector = ResponseCollector(maxBodyBytes: 100, host: "h:1")
        #expect(feed(&collector, ["HTTP/1.1 100 Continue", "X-Early: 1", "", "HTTP/1.1 201 Created", "X-Trace: t1", ""]))
        #expect(collector.status == 201)
        #expect(collector.headersComplete)
        #expect(collector.headerFields == ["x-trace": "t1"])
    }

    @Test func foldedAndRepeatedHeadersAreJoined() {
        var collector = ResponseCollector(maxBodyBytes: 100, host: "h:1")
        #expect(feed(&collector, ["HTTP/1.1 200 OK", "X-Long: one", "\ttwo", "Vary: a", "vary: b", "no colon here", ""]))
        #expect(collector.headerFields == ["x-long": "one two", "vary": "a, b"])
        #expect(collector.header(named: "VARY") == "b")
    }

    @Test func aDeclaredLengthOverTheLimitStopsAtTheHeaders() {
        var collector = ResponseCollector(maxBodyBytes: 100, host: "h:1")
        #expect(!feed(&collector, ["HTTP/1.1 200 OK", "Content-Length: 101", ""]))
        #expect(collector.ending == .refused(.bodyTooLarge(limit: 100)))
    }

    @Test("a stream may declare any length: nothing is reserved for it, and a body never more than its limit")
    func aHugeDeclaredLengthReservesNothingHuge() {
        var stream = ResponseCollector(maxBodyBytes: 100, host: "h:1", sink: { _ in true })
        #expect(feed(&stream, ["HTTP/1.1 200 OK", "Content-Type: text/event-stream", "Content-Length: 9223372036854775807", ""]))
        #expect(body(&stream, 10))
        #expect(stream.ending == nil, "the stream reads on")
    }

    @Test func theBodyStopsOneByteOverTheLimit() {
        var collector = ResponseCollector(maxBodyBytes: 100, host: "h:1")
        #expect(feed(&collector, ["HTTP/1.1 200 OK", ""]))
        #expect(body(&collector, 60))
        #expect(body(&collector, 40))
        #expect(collector.body.count == 100)
        #expect(!body(&collector, 1))
        #expect(collector.ending == .refused(.bodyTooLarge(limit: 100)))
        #expect(collector.body.isEmpty, "a refused body is dropped at once")
    }

    @Test func aRedirectEndsAtItsHeadersUnlessItHasNoBody() {
        var empty = ResponseCollector(maxBodyBytes: 100, host: "h:1")
        #expect(feed(&empty, ["HTTP/1.1 302 Found", "Location: /next", "Content-Length: 0", ""]), "nothing to read: the connection stays usable")
        #expect(empty.ending == .redirect(status: 302, location: "/next"))
        var chunked = ResponseCollector(maxBodyBytes: 100, host: "h:1")
        #expect(!feed(&chunked, ["HTTP/1.1 307 Temporary Redirect", "Location: /next", "Transfer-Encoding: chunked", ""]))
        #expect(chunked.ending == .redirect(status: 307, location: "/next"))
        var notFollowed = ResponseCollector(maxBodyBytes: 100, host: "h:1")
        #expect(feed(&notFollowed, ["HTTP/1.1 304 Not Modified", "Location: /next", ""]))
        #expect(notFollowed.ending == nil)
    }

    @Test func headersOver64KBAreRefused() {
        var collector = ResponseCollector(maxBodyBytes: 100, host: "h:1")
        let line = "X-Pad: " + String(repeating: "a", count: 1000)
        #expect(!feed(&collector, ["HTTP/1.1 200 OK"] + Array(repeating: line, count: 70)))
        #expect(collector.ending == .refused(.malformedReply(host: "h:1", reason: "the headers are larger than 64 KB")))
    }

    @Test(arguments: [("HTTP/1.1 200 OK", 200), ("HTTP/2 404", 404), ("HTTP/1.1 abc", nil), ("HTTP/1.1 2000 X", nil)] as [(String, Int?)])
    func statusLines(line: String, status: Int?) {
        #expect(ResponseCollector.statusCode(line) == status)
    }
}
