import Foundation

/// Turns a response into the bytes sent on the wire.
enum HTTPResponseSerializer {
    /// Headers the server sets itself; the handler's values for them are ignored.
    private static let managed: Set<String> = ["content-length", "connection", "transfer-encoding"]

    /// The status line, headers and (unless `includeBody` is false) body of `response`.
    static func bytes(_ response: HTTPServerResponse, keepAlive: Bool, includeBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(reason(for: response.status))\r\n"
        for (name, value) in response.headers where !managed.contains(name.lowercased()) {
            head += "\(clean(name)): \(clean(value))\r\n"
        }
        // 1xx, 204 and 304 answers never have a body (RFC 9110 §6.4.1), so no Content-Length either.
        let bodyless = response.status < 200 || response.status == 204 || response.status == 304
        if !bodyless && response.stream == nil { head += "Content-Length: \(response.body.count)\r\n" }
        head += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        var bytes = Array(head.utf8)
        if includeBody && !bodyless { bytes.append(contentsOf: response.body) }
        return bytes
    }

    /// A JSON error response `{"error": message}`.
    static func error(_ status: Int, _ message: String) -> HTTPServerResponse {
        let body = (try? JSONEncoder().encode(["error": message])) ?? Data()
        return .json(status, body)
    }

    /// The reason phrase for `status`.
    static func reason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }

    private static func clean(_ text: String) -> String {
        // By scalar: "\r\n" is one Character, which a Character filter would keep.
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))
    }
}
