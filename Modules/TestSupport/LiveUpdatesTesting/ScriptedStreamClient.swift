import Foundation
import Networking
import Synchronization

/// An `HTTPClient` for the live stream: each `stream` call plays the next connection of a script
/// (pieces of body, then an end), and `send` answers `GET /v1/posts/like-counts` from `counts`
/// (hearts from `liked`).
/// Every request is recorded.
public final class ScriptedStreamClient: HTTPClient {
    /// How one connection goes.
    public struct Connection: Sendable {
        /// The body pieces, in order.
        public var pieces: [Data]
        /// How it ends after the pieces.
        public var end: End

        /// A connection that sends `pieces` (as UTF-8 text), then ends as `end`.
        public init(_ pieces: [String], end: End = .stayOpen) {
            self.pieces = pieces.map { Data($0.utf8) }
            self.end = end
        }
    }

    /// How a connection ends.
    public enum End: Sendable {
        /// Stays open (silent) until the caller cancels it.
        case stayOpen
        /// The server closes it.
        case close
        /// It fails with an error.
        case fail(HTTPError)
        /// Stays open and sends what `push(_:)` is given, until the caller cancels it (one such connection at a time).
        case takePushes
    }

    private struct State {
        var connections: [Connection]
        var counts: [String: Int] = [:]
        var liked: Set<String> = []
        var requests: [HTTPRequest] = []
        var streams = 0
    }

    private let state: Mutex<State>
    private let pushes: AsyncStream<Data>
    private let pushing: AsyncStream<Data>.Continuation

    /// A client whose `stream` calls play `connections` in order (a refused connection after the last).
    public init(_ connections: [Connection]) {
        state = Mutex(State(connections: connections))
        (pushes, pushing) = AsyncStream.makeStream(of: Data.self)
    }

    /// Sends `text` on the open `takePushes` connection (or the next one).
    public func push(_ text: String) { pushing.yield(Data(text.utf8)) }

    /// The counts `GET /v1/posts/like-counts` answers, by post ID.
    public func setCounts(_ counts: [String: Int], liked: Set<String> = []) {
        state.withLock { state in (state.counts, state.liked) = (counts, liked) }
    }

    /// Every request so far, streams included.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// How many streams were opened.
    public var streams: Int { state.withLock { $0.streams } }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let (counts, liked) = state.withLock { state -> ([String: Int], Set<String>) in
            state.requests.append(request)
            return (state.counts, state.liked)
        }
        guard request.path == "/v1/posts/like-counts" else { throw .status(code: 404, message: "no route") }
        let asked = Set((request.query.first { $0.name == "postIds" }?.value ?? "").split(separator: ",").map(String.init))
        struct Answer: Encodable { let likeCounts: [String: Int]; let liked: [String] }
        let body = try? JSONEncoder().encode(Answer(likeCounts: counts.filter { asked.contains($0.key) }, liked: liked.filter(asked.contains).sorted()))
        return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body ?? Data())
    }

    public func stream(_ request: HTTPRequest, receive: @escaping @Sendable (Data) -> Bool) async throws(HTTPError) {
        let connection = state.withLock { state -> Connection? in
            state.requests.append(request)
            state.streams += 1
            return state.connections.isEmpty ? nil : state.connections.removeFirst()
        }
        guard let connection else { throw .unreachable(host: "127.0.0.1:1", reason: "the script has no more connections") }
        for piece in connection.pieces {
            if Task.isCancelled { throw .cancelled }
            guard receive(piece) else { return }
        }
        switch connection.end {
        case .close:
            return
        case .fail(let error):
            throw error
        case .stayOpen:
            // Task.sleep ends at once when the caller cancels.
            try? await Task.sleep(for: .seconds(3_600))
            throw .cancelled
        case .takePushes:
            // The iteration ends at once when the caller cancels.
            for await piece in pushes {
                guard receive(piece) else { return }
            }
            throw .cancelled
        }
    }
}
