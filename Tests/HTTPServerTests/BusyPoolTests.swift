import Dispatch
import Foundation
import HTTPServer
import Testing
import TestingSupport

/// The server answers from its connection threads: a Swift concurrency pool whose every thread is
/// blocked (a loaded test process, a handler elsewhere that blocks) does not delay its answers.
@Suite("HTTPServer with a blocked concurrency pool")
struct BusyPoolTests {
    @Test("every pool thread blocked, a handler that awaits, sleeps and calls an actor still answers")
    func answersWhileThePoolIsBlocked() async throws {
        let counter = Counter()
        let server = HTTPServer { request in
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(5))
            let count = await counter.next()
            return HTTPServerResponse(status: 200, body: Data("\(request.path) \(count)".utf8))
        }
        let port = try server.start()
        defer { server.stop() }
        let answers = try await onOwnThread { () throws -> [String] in
            let blockers = PoolBlocker(threads: ProcessInfo.processInfo.activeProcessorCount)
            defer { blockers.release() }
            blockers.waitUntilAllBlocked()
            let connection = try RawHTTPConnection(port: port, timeoutSeconds: 20)
            var answers: [String] = []
            for path in ["/a", "/b"] {
                try connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
                answers.append(String(decoding: try connection.readResponse().body, as: UTF8.self))
            }
            return answers
        }
        #expect(answers == ["/a 1", "/b 2"])
    }
}

private actor Counter {
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}

/// Occupies threads of the Swift concurrency pool with tasks that block until released.
private final class PoolBlocker: Sendable {
    private let started = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)
    private let threads: Int

    init(threads: Int) {
        self.threads = threads
        for _ in 0..<threads {
            Task.detached { [started, gate] in
                started.signal()
                gate.wait()
            }
        }
    }

    /// Returns once every blocking task runs.
    func waitUntilAllBlocked() {
        for _ in 0..<threads { started.wait() }
    }

    /// Lets every blocking task finish.
    func release() {
        for _ in 0..<threads { gate.signal() }
    }
}
