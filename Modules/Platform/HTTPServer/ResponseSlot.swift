import Dispatch
import Synchronization

/// Hands the handler's response from its task to the connection thread that waits for it.
final class ResponseSlot: Sendable {
    private let value = Mutex<HTTPServerResponse?>(nil)
    private let filled = DispatchSemaphore(value: 0)

    /// Stores the response and wakes the waiting thread.
    func fill(_ response: HTTPServerResponse) {
        value.withLock { $0 = response }
        filled.signal()
    }

    /// Blocks the calling (non-cooperative) thread until the response arrives.
    func wait() -> HTTPServerResponse {
        filled.wait()
        return value.withLock { $0 } ?? HTTPResponseSerializer.error(500, "the handler produced no response")
    }
}
