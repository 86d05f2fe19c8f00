import Foundation

/// The request line and headers of one request, parsed and checked.
struct HTTPRequestHead {
    /// The method, e.g. `GET`.
    var method: String
    /// The percent-decoded path.
    var path: String
    /// The percent-decoded query items in order.
    var query: [(name: String, value: String)]
    /// The HTTP minor version: 0 for HTTP/1.0, 1 for HTTP/1.1.
    var minorVersion: Int
    /// Headers with lowercased names; repeated headers are joined with ", ".
    var headers: [String: String] = [:]

    /// Whether the client asked to close the connection after this request.
    var wantsClose: Bool {
        if minorVersion == 0 { return true }
        guard let connection = headers["connection"] else { return false }
        return connection.split(separator: ",").contains {
            $0.trimmingCharacters(in: .whitespaces).lowercased() == "close"
        }
    }

    /// Whether the client waits for `100 Continue` before sending the body.
    var expectsContinue: Bool {
        headers["expect"]?.lowercased() == "100-continue"
    }
}

