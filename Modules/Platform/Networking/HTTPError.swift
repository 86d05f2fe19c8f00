/// Why a request failed, in words a person can act on.
public enum HTTPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The URL could not be formed from the base URL and path.
    case invalidURL(String)
    /// No connection could be made to the server.
    case unreachable(host: String, reason: String)
    /// The server did not answer in time.
    case timeout(seconds: Double)
    /// The server answered with a non-2xx status; `message` is its error text, if any.
    case status(code: Int, message: String?)
    /// The server asked to wait longer than the client is willing to (HTTP 429 or 503 with `Retry-After`).
    case retryAfterTooLong(seconds: Int)
    /// The body did not have the expected shape; `path` is the JSON path of the problem.
    case decoding(path: String, reason: String)
    /// The caller cancelled the request.
    case cancelled

    public var description: String {
        switch self {
        case .invalidURL(let url):
            "invalid URL \(url)"
        case .unreachable(let host, let reason):
            "cannot reach \(host): \(reason)"
        case .timeout(let seconds):
            "the server did not answer within \(Self.format(seconds)) s"
        case .status(let code, let message):
            message.map { "the server answered \(code): \($0)" } ?? "the server answered \(code)"
        case .retryAfterTooLong(let seconds):
            "the server asked to wait \(seconds) s before trying again"
        case .decoding(let path, let reason):
            "unexpected reply from the server at \(path.isEmpty ? "$" : path): \(reason)"
        case .cancelled:
            "the request was cancelled"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
