import Foundation

/// One parsed HTTP/1.1 request as the server received it.
public struct HTTPServerRequest: Sendable {
    /// The method, e.g. `GET`.
    public let method: String
    /// The path without the query, percent-decoded, e.g. `/v1/feed`.
    public let path: String
    /// The query items in order, percent-decoded.
    public let query: [(name: String, value: String)]
    /// Headers with lowercased names.
    public let headers: [String: String]
    /// The body (empty when there is none).
    public let body: Data

    /// Creates a request; header names are lowercased.
    public init(method: String, path: String, query: [(name: String, value: String)] = [], headers: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The first value of the query item `name`.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }
}
