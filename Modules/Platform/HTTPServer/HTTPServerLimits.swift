/// Limits the server applies to every connection.
public struct HTTPServerLimits: Sendable, Equatable {
    /// The largest request body accepted; a larger `Content-Length` is answered with 413.
    public var maxBodyBytes: Int
    /// The largest request line plus headers accepted; more is answered with 431.
    public var maxHeaderBytes: Int
    /// How long a connection may wait for the first byte of a request (and a send may stall)
    /// before it is closed.
    public var idleTimeout: Duration
    /// How long the whole request head may take once its first byte arrived; it does not restart
    /// on every byte, so a client trickling a header line a second is answered 408 and closed.
    public var headTimeout: Duration
    /// How long the whole request body may take once the head is read; past it, 408 and close.
    public var bodyTimeout: Duration
    /// The most connections held at once. When all are taken, the connection that has waited
    /// longest on its client (idle, or with an incomplete request) is closed to admit the new
    /// one; only when every connection is being answered is the new one refused with 503.
    public var maxConnections: Int
    /// The most requests served on one keep-alive connection before it is closed.
    public var maxRequestsPerConnection: Int

    /// Creates limits; the defaults suit a local development server.
    public init(
        maxBodyBytes: Int = 1 << 20,
        maxHeaderBytes: Int = 16 << 10,
        idleTimeout: Duration = .seconds(5),
        headTimeout: Duration = .seconds(10),
        bodyTimeout: Duration = .seconds(30),
        maxConnections: Int = 64,
        maxRequestsPerConnection: Int = 1000
    ) {
        self.maxBodyBytes = max(0, maxBodyBytes)
        self.maxHeaderBytes = max(256, maxHeaderBytes)
        self.idleTimeout = max(.milliseconds(1), idleTimeout)
        self.headTimeout = max(.milliseconds(1), headTimeout)
        self.bodyTimeout = max(.milliseconds(1), bodyTimeout)
        self.maxConnections = max(1, maxConnections)
        self.maxRequestsPerConnection = max(1, maxRequestsPerConnection)
    }
}
