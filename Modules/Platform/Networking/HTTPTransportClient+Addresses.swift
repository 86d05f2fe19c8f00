import Foundation

extension HTTPTransportClient {
    /// The base URL joined with `path` (see `HTTPRequest.path`: escapes kept, the rest encoded) and `query`.
    static func url(base: URL, path: String, query: [URLQueryItem]) throws(HTTPError) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += HTTPPath.normalize(path)
        if !query.isEmpty {
            let pairs = query.map { item in
                let name = encodeQueryPart(item.name)
                return item.value.map { "\(name)=\(encodeQueryPart($0))" } ?? name
            }
            text += "?" + pairs.joined(separator: "&")
        }
        guard let url = URL(string: text), url.host != nil else {
            throw .invalidURL("\(text): the base URL and path do not form a URL")
        }
        return url
    }

    /// `url` if it is an absolute http(s) URL with a host.
    static func absolute(_ url: URL) throws(HTTPError) -> URL {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
            throw .invalidURL("\(url.absoluteString): only absolute http or https addresses can be fetched")
        }
        return url
    }

    /// Whether `url` has the scheme, host and port of `base` (default ports count as given).
    static func sameOrigin(_ url: URL, _ base: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int) {
            let scheme = url.scheme?.lowercased() ?? ""
            return (scheme, url.host?.lowercased() ?? "", url.port ?? (scheme == "https" ? 443 : 80))
        }
        return origin(url) == origin(base)
    }

    /// Only unreserved characters stay as they are, so opaque cursors with `+`, `/` or `=` survive.
    private static let queryAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func encodeQueryPart(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }

    /// The `error` text of a JSON body `{"error": "…"}`, if that is what `body` holds, made fit
    /// for one line (see `OneLineText`).
    static func errorMessage(in body: Data) -> String? {
        struct ErrorBody: Decodable { let error: String }
        guard !body.isEmpty, body.count <= 64 << 10, let decoded = try? JSONDecoder().decode(ErrorBody.self, from: body) else {
            return nil
        }
        let message = OneLineText.clean(decoded.error)
        return message.isEmpty ? nil : message
    }

    /// `host:port` for error messages.
    static func hostDescription(_ url: URL) -> String {
        let host = url.host ?? url.absoluteString
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
