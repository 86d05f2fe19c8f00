import Foundation

/// A response with a 2xx status.
public struct HTTPResponse: Hashable, Sendable {
    /// The status code.
    public let status: Int
    /// Headers, with lowercased names.
    public let headers: [String: String]
    /// The body.
    public let body: Data

    /// Creates a response; header names are lowercased.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The value of the header `name`, matched without regard to case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
