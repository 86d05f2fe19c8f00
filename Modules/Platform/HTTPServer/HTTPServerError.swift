/// Why the server could not start, in words a person can act on.
public enum HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another socket already listens on the port.
    case addressInUse(host: String, port: UInt16)
    /// The host is not an IPv4 address such as `127.0.0.1`.
    case invalidHost(String)
    /// A socket call failed; `operation` names it and `reason` is the system's message.
    case socket(operation: String, reason: String)
    /// `start()` was called on a server that is already running.
    case alreadyStarted(port: UInt16)

    /// One line saying what went wrong and what to do.
    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            "cannot listen on \(host):\(port): the port is already in use; stop the other server or choose another port"
        case .invalidHost(let host):
            "cannot listen on \"\(host)\": not an IPv4 address; use an address such as 127.0.0.1"
        case .socket(let operation, let reason):
            "cannot start the server: \(operation) failed: \(reason)"
        case .alreadyStarted(let port):
            "the server is already listening on port \(port); stop it before starting it again"
        }
    }
}
