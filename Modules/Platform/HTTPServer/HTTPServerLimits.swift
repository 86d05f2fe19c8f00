/// Limits the server applies to every connection.
public struct HTTPServerLimits: Sendable, Equatable {
    /// The largest request body accepted; a larger `Content-Length` is answered with 413.
    public var maxBodyBytes: Int
    /// The largest request line plus headers accepted; more is answered with 431.
    public var maxHeaderBytes: Int
    /// How long a connection may stay silent (between or inside requests) before it is closed.
    public var idleTimeout: Duration
    /// The most connections served at once; more are answered with 503 and closed.
    public var maxConnections: Int
    /// The most requests served on one keep-alive connection before it is closed.
    public var maxRequestsPerConnection: Int

    /// Creates limits; the defaults suit a local development server.
    public init(
        maxBodyBytes: Int = 1 << 20,
        maxHeaderBytes: Int = 16 << 10,
        idleTimeout: Duration = .seconds(5),
        maxConnections: Int = 64,
        maxRequestsPerConnection: Int = 1000
    ) {
        self.maxBodyBytes = max(0, maxBodyBytes)
        self.maxHeaderBytes = max(256, maxHeaderBytes)
        self.idleTimeout = idleTimeout
        self.maxConnections = max(1, maxConnections)
        self.maxRequestsPerConnection = max(1, maxRequestsPerConnection)
    }
}
