import Foundation

/// Parses and validates the pieces of an HTTP/1.1 request head.
enum HTTPRequestParser {
    /// Parses `METHOD SP target SP HTTP/1.x` into a head without headers.
    static func requestLine(_ bytes: [UInt8]) throws(HTTPRequestRejection) -> HTTPRequestHead {
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
              let line = String(bytes: bytes, encoding: .ascii)
        else { throw HTTPRequestRejection(status: 400, reason: "malformed request line") }
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw HTTPRequestRejection(status: 400, reason: "malformed request line") }
        let method = String(parts[0])
        guard !method.isEmpty, method.utf8.allSatisfy(isTokenByte) else {
            throw HTTPRequestRejection(status: 400, reason: "malformed request method")
        }
        let version = parts[2]
        guard version.hasPrefix("HTTP/") else {
            throw HTTPRequestRejection(status: 400, reason: "malformed HTTP version")
        }
        let minorVersion: Int
        switch version {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default: throw HTTPRequestRejection(status: 505, reason: "only HTTP/1.0 and HTTP/1.1 are supported")
        }
        let (path, query) = try target(String(parts[1]))
        return HTTPRequestHead(method: method, path: path, query: query, minorVersion: minorVersion)
    }

    /// Splits an origin-form target into a percent-decoded path and query items.
    static func target(_ target: String) throws(HTTPRequestRejection) -> (String, [(name: String, value: String)]) {
        guard target.hasPrefix("/") else {
            throw HTTPRequestRejection(status: 400, reason: "the request target must start with /")
        }
        let withoutFragment = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let pieces = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = String(pieces[0]).removingPercentEncoding else {
            throw HTTPRequestRejection(status: 400, reason: "malformed percent-encoding in the path")
        }
        var query: [(name: String, value: String)] = []
        if pieces.count == 2 {
            for item in pieces[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = String(pair[0]).removingPercentEncoding,
                      let value = (pair.count == 2 ? String(pair[1]) : "").removingPercentEncoding
                else { throw HTTPRequestRejection(status: 400, reason: "malformed percent-encoding in the query") }
                query.append((name, value))
            }
        }
        return (path, query)
    }

    /// Parses `Name: value` into a lowercased name and a trimmed value.
    static func header(_ bytes: [UInt8]) throws(HTTPRequestRejection) -> (name: String, value: String) {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              bytes[..<colon].allSatisfy(isTokenByte)
        else { throw HTTPRequestRejection(status: 400, reason: "malformed header line") }
        let rawValue = bytes[(colon + 1)...]
        guard rawValue.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }),
              let value = String(bytes: rawValue, encoding: .utf8)
        else { throw HTTPRequestRejection(status: 400, reason: "malformed header value") }
        let name = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        return (name, value.trimmingCharacters(in: CharacterSet(charactersIn: " \t")))
    }

    /// The body length the headers announce; 0 when there is none.
    static func contentLength(_ headers: [String: String]) throws(HTTPRequestRejection) -> Int {
        if headers["transfer-encoding"] != nil {
            throw HTTPRequestRejection(status: 411, reason: "chunked request bodies are not supported; send Content-Length")
        }
        guard let value = headers["content-length"] else { return 0 }
        let values = Set(value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        guard values.count == 1, let only = values.first, !only.isEmpty,
              only.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { throw HTTPRequestRejection(status: 400, reason: "malformed Content-Length") }
        // Digits only: a number too large for Int is simply over any body limit.
        return Int(only) ?? Int.max
    }

    /// Whether `byte` may appear in a method or header name (RFC 9110 `tchar`).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
