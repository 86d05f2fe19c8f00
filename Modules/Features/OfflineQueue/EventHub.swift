import LikesInterface
import Synchronization

/// The subscribers of a queue's events, each with a stream of its own, from whatever thread.
final class EventHub: Sendable {
    /// Events kept per subscriber that is not reading; older ones are dropped past it.
    static let buffer = 4_096

    private struct State {
        var next = 0
        var subscribers: [Int: AsyncStream<LikeQueueEvent>.Continuation] = [:]
    }

    private let state = Mutex(State())

    deinit {
        for continuation in state.withLock({ $0.subscribers.values }) { continuation.finish() }
    }

    /// A new stream of every event published from now on; it ends when the hub goes away.
    func subscribe() -> AsyncStream<LikeQueueEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LikeQueueEvent.self, bufferingPolicy: .bufferingNewest(Self.buffer))
        let id = state.withLock { state in
            state.next += 1
            state.subscribers[state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `event` to every subscriber.
    func publish(_ event: LikeQueueEvent) {
        for continuation in state.withLock({ Array($0.subscribers.values) }) { continuation.yield(event) }
    }
}
