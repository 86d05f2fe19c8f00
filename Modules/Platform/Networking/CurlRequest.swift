import Foundation

/// One exchange as libcurl sends it: method, absolute URL, header lines and body.
struct CurlRequest: Sendable {
    /// The method, e.g. `GET`.
    var method: String
    /// The absolute http(s) address.
    var url: URL
    /// Header lines as sent, `Name: value`; they also switch off libcurl's own `Expect` and,
    /// without a body type, its form `Content-Type`.
    var headerLines: [String]
    /// The body, sent with its length, or nil for none.
    var body: Data?
    /// Whether it is a path on the client's base URL (an API call), not an absolute URL (a photo):
    /// API calls start first among the exchanges that wait for a connection to one host.
    var isAPICall = false

    /// The request for `request` at `url`, with `Authorization: Bearer token` when a token is given.
    init(_ request: HTTPRequest, url: URL, token: String?) {
        var headers: [(String, String)] = []
        if !request.headers.keys.contains(where: { $0.lowercased() == "accept" }) {
            headers.append(("Accept", "application/json"))
        }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key })
        where name.lowercased() != "authorization" || token == nil {
            headers.append((name, value))
        }
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        self.init(method: request.method.rawValue, url: url, headers: headers, body: request.body)
        isAPICall = request.url == nil
    }

    private init(method: String, url: URL, headers: [(String, String)], body: Data?) {
        self.method = method
        self.url = url
        self.body = method == "GET" ? nil : body
        var lines = headers.compactMap(Self.line)
        // libcurl adds `Expect: 100-continue` to large bodies and a form type to any body; an
        // empty header removes its own.
        lines.append("Expect:")
        if !headers.contains(where: { $0.0.lowercased() == "content-type" }) { lines.append("Content-Type:") }
        headerLines = lines
    }

    /// The request that follows a redirect with `status` to `target`: 303, and 301/302 after a
    /// POST, become a GET without a body (as browsers and URLSession do); 307 and 308 repeat it.
    func redirected(to target: URL, status: Int) -> CurlRequest {
        var next = self
        next.url = target
        if status == 303 || ((status == 301 || status == 302) && method == "POST") {
            next.method = "GET"
            next.body = nil
            next.headerLines = headerLines.filter { !$0.lowercased().hasPrefix("content-type:") && !$0.lowercased().hasPrefix("content-length:") }
        }
        return next
    }

    /// `Name: value` with a valid token as the name and no line break in the value; nil for an
    /// invalid name. An empty value is written `Name;`, which libcurl sends as an empty header.
    static func line(_ header: (String, String)) -> String? {
        let (name, value) = header
        guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else { return nil }
        let clean = String(value.unicodeScalars.map { $0 == "\r" || $0 == "\n" || $0 == "\0" ? " " : Character($0) })
            .trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? "\(name);" : "\(name): \(clean)"
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
