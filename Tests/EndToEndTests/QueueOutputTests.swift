import EndToEndTesting
import Foundation
import HTTPServer
import Testing
import TestingSupport

/// `feed queue` prints what a hostile server sent (post IDs) and what the disk holds: nothing of
/// it may reach the terminal as an escape sequence.
@Suite(.heavy) struct QueueOutputTests {
    /// A server whose one post has an ID made of escape sequences and whose like writes fail.
    private static func hostileServer() throws -> (HTTPServer, URL) {
        let id = "\\u001b]2;TITLE\\u0007\\u001b[2J"
        let server = HTTPServer(port: 0, log: nil) { request in
            switch request.path {
            case "/v1/feed":
                let item = #"{"id":"\#(id)","author":{"id":"u1","name":"Ana"},"caption":"","image":{"url":"http://127.0.0.1:1/p.jpg","width":4,"height":5},"likeCount":10}"#
                return .json(200, Data(#"{"items":[\#(item)],"nextCursor":null}"#.utf8))
            case "/v1/likes":
                return .json(200, Data(#"{"liked":[]}"#.utf8))
            case "/v1/flags":
                return .json(200, Data(#"{"flags":{}}"#.utf8))
            default:
                return .json(500, Data(#"{"error":"down"}"#.utf8))
            }
        }
        return (server, URL(string: "http://127.0.0.1:\(try server.start())")!)
    }

    @Test func feedQueueWritesNoEscapeSequenceFromAPostID() async throws {
        let (server, url) = try Self.hostileServer()
        defer { server.stop() }
        let dataDir = TemporaryDirectory.make()
        let feed = try FeedProcess([
            "--headless", "--server", url.absoluteString, "--enable", "persistent-like-queue", "--data-dir", dataDir.path,
        ])
        let opened = try await feed.send("open")
        _ = opened
        let state = try await feed.send("settle 5000")
        let id = try #require(Headless.rows(state).first?["id"] as? String)
        #expect(id.contains("\u{1B}"), "the client keeps the server's ID as it is (it is sent back untouched)")
        _ = try await feed.send("tap \(id)")
        #expect(try await feed.finish() == 0)

        let queue = Process()
        queue.executableURL = FeedProcess.executable
        queue.arguments = ["queue", "--server", url.absoluteString, "--data-dir", dataDir.path]
        let pipe = Pipe()
        queue.standardOutput = pipe
        try queue.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        queue.waitUntilExit()
        #expect(queue.terminationStatus == 0)
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains("1 like waiting to be sent"), "\(text)")
        #expect(!output.contains(0x1B) && !output.contains(0x07), "an escape sequence reached the terminal: \(text.debugDescription)")
    }
}
