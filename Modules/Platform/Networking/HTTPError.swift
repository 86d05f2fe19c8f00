/// Why a request failed, in words a person can act on; `description` is one line.
public enum HTTPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The URL could not be formed from the base URL and path.
    case invalidURL(String)
    /// No connection could be made to the server (`host` is `host:port`).
    case unreachable(host: String, reason: String)
    /// The server did not answer in time: one attempt, or the whole request, took longer than `seconds`.
    case timeout(seconds: Double)
    /// The connection closed before the whole answer arrived (no answer, or a body cut short).
    case connectionClosed(host: String)
    /// What came back was not HTTP.
    case notHTTP(host: String)
    /// The answer broke HTTP's rules partway (a bad header, chunk or compression); `reason` says how.
    case malformedReply(host: String, reason: String)
    /// The body was larger than the client accepts (`limit` bytes, after decompression).
    case bodyTooLarge(limit: Int)
    /// The server redirected to another scheme, host or port; the client does not follow.
    case redirectToOtherHost(String)
    /// The server redirected to an address it had already redirected from.
    case redirectLoop
    /// The server redirected more than `limit` times in one attempt.
    case tooManyRedirects(limit: Int)
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
        case .connectionClosed(let host):
            "the connection to \(host) closed before the whole answer arrived"
        case .notHTTP(let host):
            "\(host) did not answer in HTTP; check that the address is the feed server"
        case .malformedReply(let host, let reason):
            "the answer from \(host) could not be read: \(reason)"
        case .bodyTooLarge(let limit):
            "the server's answer was larger than \(Self.format(bytes: limit))"
        case .redirectToOtherHost(let host):
            "the server redirected to another host (\(host)); refused"
        case .redirectLoop:
            "the server sent a redirect loop"
        case .tooManyRedirects(let limit):
            "the server redirected more than \(limit) times; refused"
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

    /// `8388608` as `8 MB`, `1536` as `1.5 KB`, `100` as `100 bytes` (binary units).
    static func format(bytes: Int) -> String {
        for (unit, size) in [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)] where bytes >= size {
            let value = Double(bytes) / Double(size)
            let tenths = (value * 10).rounded() / 10
            return tenths == tenths.rounded() ? "\(Int(tenths)) \(unit)" : "\(tenths) \(unit)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
