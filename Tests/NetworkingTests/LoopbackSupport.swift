import Foundation
import HTTPServer
@testable import Networking

/// A server on 127.0.0.1 with a free port, answering with `handler`; call `stop()` at the end.
struct LoopbackServer {
    let server: HTTPServer
    let port: UInt16
    let baseURL: URL

    init(_ handler: @escaping @Sendable (HTTPServerRequest) async -> HTTPServerResponse) throws {
        server = HTTPServer(host: "127.0.0.1", port: 0, handler: handler)
        port = try server.start()
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    func stop() { server.stop() }
}

/// Every request the server received, in order.
actor RequestLog {
    private(set) var requests: [HTTPServerRequest] = []

    /// Records `request` and returns its 1-based number.
    func record(_ request: HTTPServerRequest) -> Int {
        requests.append(request)
        return requests.count
    }

    var count: Int { requests.count }

    /// The `Authorization` headers received, in order (`-` when absent).
    var authorizations: [String] { requests.map { $0.headers["authorization"] ?? "-" } }
}

/// A handler that answers the n-th request with `responses[n - 1]` (the last one repeats).
func scripted(_ responses: [HTTPServerResponse], log: RequestLog) -> @Sendable (HTTPServerRequest) async -> HTTPServerResponse {
    { request in
        let number = await log.record(request)
        return responses[min(number, responses.count) - 1]
    }
}

/// A JSON response.
func json(_ status: Int, _ text: String, headers: [(name: String, value: String)] = []) -> HTTPServerResponse {
    .json(status, Data(text.utf8), headers: headers)
}

/// Holds handlers until opened; opens by itself once `opensAfter` callers have arrived.
actor Gate {
    private let opensAfter: Int?
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var arrivals = 0

    init(opensAfter: Int? = nil) {
        self.opensAfter = opensAfter
    }

    func wait() async {
        arrivals += 1
        if let opensAfter, arrivals >= opensAfter { open() }
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }
}

/// The waits a client asked for between attempts; it does not really wait.
actor WaitRecorder {
    private(set) var waits: [Duration] = []

    func record(_ duration: Duration) { waits.append(duration) }

    /// A `sleep` for `HTTPTransportClient` that records and returns at once (still cancellable).
    nonisolated var sleep: @Sendable (Duration) async throws -> Void {
        { duration in
            await self.record(duration)
            try Task.checkCancellation()
        }
    }
}

/// A token provider that starts with `initial` and hands out `renewed` on refresh.
actor TestTokens: AccessTokenProvider {
    private var token: String?
    private let renewed: String
    private let failure: (any Error)?
    private(set) var refreshes: [String?] = []

    init(initial: String?, renewed: String = "new", failure: (any Error)? = nil) {
        self.token = initial
        self.renewed = renewed
        self.failure = failure
    }

    func currentToken() async -> String? { token }

    func refreshToken(rejected: String?) async throws -> String {
        refreshes.append(rejected)
        if let failure { throw failure }
        token = renewed
        return renewed
    }
}


/// Retries with no real backoff, so tests stay fast; waits are observed via `WaitRecorder`.
func quickRetry(_ maxRetries: Int = 2) -> RetryPolicy {
    RetryPolicy(maxRetries: maxRetries, baseDelay: .milliseconds(1), maxDelay: .milliseconds(4), jitter: .none)
}

/// A client for `baseURL` whose retry waits go to `recorder`. Its deadlines are generous (30 s):
/// `LoopbackServer` answers from Swift's cooperative pool, which other suites running in
/// parallel can keep busy for seconds on a loaded machine; tests of deadlines set their own.
func makeClient(
    _ baseURL: URL, timeout: Duration = .seconds(30), retry: RetryPolicy = quickRetry(),
    tokens: (any AccessTokenProvider)? = nil, recorder: WaitRecorder = WaitRecorder()
) -> HTTPTransportClient {
    HTTPTransportClient(
        configuration: HTTPClientConfiguration(
            baseURL: baseURL, timeout: timeout, retry: retry, tokens: tokens, totalDeadline: .seconds(30)),
        sleep: recorder.sleep)
}

/// A port on 127.0.0.1 that refuses connections and that no other test can take while this
/// lives: bound without listening (a stopped server's port can be handed to a parallel test).
final class ClosedPort {
    private let fd: Int32
    let port: UInt16

    init() throws {
        (fd, port) = try boundLoopbackSocket()
    }

    deinit { close(fd) }
}

/// A TCP socket bound to 127.0.0.1 on a free port, and the port; the caller owns the descriptor.
func boundLoopbackSocket() throws -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard bound == 0, named == 0 else {
        close(fd)
        throw POSIXError(.EADDRINUSE)
    }
    return (fd, UInt16(bigEndian: address.sin_port))
}
