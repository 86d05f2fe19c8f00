import Foundation
import Synchronization

/// A slowloris client for tests: holds `connections` sockets open, each having sent a request
/// line, and trickles one header byte per socket per round; sockets the server closes are opened
/// again. Runs on its own thread until `stop()`; bounded in rounds.
final class SlowlorisAttack: Sendable {
    private struct Progress {
        var stopped = false
        var opened = 0
        var rounds = 0
    }

    private let port: UInt16
    private let connections: Int
    private let progress = Mutex(Progress())
    private let ended = DispatchSemaphore(value: 0)

    init(port: UInt16, connections: Int) {
        self.port = port
        self.connections = connections
    }

    /// How many sockets were opened so far (reopened ones included).
    var opened: Int { progress.withLock { $0.opened } }
    /// How many trickle rounds have run.
    var rounds: Int { progress.withLock { $0.rounds } }

    func start() {
        let thread = Thread { [self] in
            run()
            ended.signal()
        }
        thread.start()
    }

    /// Stops the attack and waits until every socket is closed.
    func stop() {
        progress.withLock { $0.stopped = true }
        ended.wait()
    }

    private func run() {
        var sockets: [RawHTTPConnection?] = Array(repeating: nil, count: connections)
        let header = Array("X-Slow: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 4000)
        var offset = 0
        // At most 10 minutes of 50 ms rounds, whatever the test does.
        for round in 0..<12_000 {
            if progress.withLock({ $0.stopped }) { break }
            for index in sockets.indices {
                if sockets[index] == nil, let connection = try? RawHTTPConnection(port: port, timeoutSeconds: 1) {
                    if connection.trySend(Array("GET /slow HTTP/1.1\r\nHost: x\r\n".utf8)) {
                        sockets[index] = connection
                    }
                    progress.withLock { $0.opened += 1 }
                } else if let connection = sockets[index] {
                    let byte = header[offset % header.count]
                    if connection.hasIncoming(withinMilliseconds: 0) || !connection.trySend([byte]) {
                        sockets[index] = nil
                    }
                }
            }
            offset += 1
            progress.withLock { $0.rounds = round + 1 }
            usleep(50_000)
        }
    }
}
