import Foundation

/// Decides, for one attempt, whether a redirect is followed: only to the same scheme, host and
/// port, never back to an address already visited, at most `limit` times.
struct RedirectGuard: Sendable {
    /// The most redirects one attempt follows.
    static let limit = 5

    private let start: URL
    private var visited: Set<String>
    private var count = 0

    /// A guard for an attempt that starts at `url`.
    init(start url: URL) {
        start = url
        visited = [Self.key(url)]
    }

    /// `nil` when the redirect to `target` may be followed, else the error that ends the attempt.
    mutating func check(_ target: URL?) -> HTTPError? {
        guard let target, target.host != nil else { return .redirectToOtherHost("an address without a host") }
        guard HTTPTransportClient.sameOrigin(target, start) else {
            return .redirectToOtherHost(Self.describe(target, from: start))
        }
        let key = Self.key(target)
        guard !visited.contains(key) else { return .redirectLoop }
        count += 1
        guard count <= Self.limit else { return .tooManyRedirects(limit: Self.limit) }
        visited.insert(key)
        return nil
    }

    /// The address as the server sees it: scheme and host in lower case, the port spelled
    /// out, no fragment.
    private static func key(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let path = components?.percentEncodedPath ?? url.path
        let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)\(path)\(query)"
    }

    /// `host:port`, with the scheme when only the scheme differs.
    private static func describe(_ target: URL, from start: URL) -> String {
        let host = target.host ?? "?"
        let hostPort = target.port.map { "\(host):\($0)" } ?? host
        if host.lowercased() == start.host?.lowercased(), target.scheme?.lowercased() != start.scheme?.lowercased() {
            return "\(target.scheme ?? "?")://\(hostPort)"
        }
        return hostPort
    }
}
