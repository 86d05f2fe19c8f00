import Foundation

/// Writes a streamed response body (see `HTTPServerResponse.stream`) on its connection's thread.
public struct HTTPStreamWriter: Sendable {
    let fd: Int32
    let registry: ConnectionRegistry

    /// Sends `bytes` at once; `false` when the client went away, the send timed out or the server is stopping.
    public func write(_ bytes: Data) -> Bool {
        guard isOpen else { return false }
        return Socket.sendAll(fd, Array(bytes))
    }

    /// Whether the client still listens and the server is not stopping.
    public var isOpen: Bool { !registry.isStopping && !Socket.peerHasGone(fd) }
}
