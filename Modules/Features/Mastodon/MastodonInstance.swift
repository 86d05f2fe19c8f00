import Foundation
import Networking
import SafeText

/// What `GET /api/v1/instance` says of a server (`--api auto`): a Mastodon-API server answers
/// with its version (Mastodon `4.3.0`, Pixelfed `3.5.3 (compatible; Pixelfed 0.12.4)`,
/// GoToSocial `0.17.0 git-…`); a feed-API server has no such route.
public struct MastodonInstance: Sendable, Equatable {
    /// The server's `version`, cleaned for one line.
    public let version: String
    /// The server's `title` (its name), cleaned for one line.
    public let title: String

    private struct DTO: Decodable, Sendable {
        let version: String?
        let title: String?
    }

    /// What runs there, as the version says it: the software a compatible server names
    /// (`3.5.3 (compatible; Pixelfed 0.12.4)` → `Pixelfed 0.12.4`), else `version 4.3.0`.
    public var software: String {
        guard let start = version.range(of: "(compatible; "), let end = version[start.upperBound...].firstIndex(of: ")") else {
            return "version \(version)"
        }
        let name = version[start.upperBound..<end].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? "version \(version)" : name
    }

    /// The instance `http`'s server describes, or nil when it does not speak the Mastodon API.
    public static func probe(_ http: any HTTPClient) async -> MastodonInstance? {
        guard let dto = try? await http.send(.get(pathSegments: ["api", "v1", "instance"]), decoding: DTO.self),
            let version = dto.version, !version.isEmpty
        else { return nil }
        return MastodonInstance(version: SafeText.line(version, limit: 80), title: SafeText.line(dto.title ?? "", limit: 80))
    }
}
