import FeedInterface
import Foundation
import Networking

/// Signing in to a Mastodon-API server by OAuth with an out-of-band code: register an app
/// (`POST /api/v1/apps`), show the authorize address, exchange the code the user pastes back
/// (`POST /oauth/token`), and revoke the token at logout (`POST /oauth/revoke`).
public struct MastodonSignIn: Sendable {
    /// What the token may do: read timelines and favourite.
    public static let scopes = "read write:favourites"
    /// The redirect of an out-of-band code: the server shows the code for the user to paste.
    public static let redirect = "urn:ietf:wg:oauth:2.0:oob"

    /// The app registered on the server.
    public struct App: Codable, Sendable, Equatable {
        /// The app's client ID.
        public let clientID: String
        /// The app's client secret (needed again to revoke).
        public let clientSecret: String

        /// An app of `clientID` and `clientSecret`.
        public init(clientID: String, clientSecret: String) {
            self.clientID = clientID
            self.clientSecret = clientSecret
        }
    }

    private struct AppDTO: Decodable, Sendable {
        let clientID: String?
        let clientSecret: String?

        enum CodingKeys: String, CodingKey {
            case clientID = "client_id", clientSecret = "client_secret"
        }
    }

    private struct TokenDTO: Decodable, Sendable {
        let accessToken: String?

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
        }
    }

    private let http: any HTTPClient
    private let server: URL

    /// Sign-in at `server` (its base address) through `http`.
    public init(http: any HTTPClient, server: URL) {
        self.http = http
        self.server = server
    }

    /// Registers `feed` as an app with `scopes`; throws a `FeedError` saying what went wrong.
    public func registerApp() async throws -> App {
        let dto = try await post(["api", "v1", "apps"], ["client_name": "feed", "redirect_uris": Self.redirect, "scopes": Self.scopes], as: AppDTO.self)
        guard let id = dto.clientID, let secret = dto.clientSecret, Self.isToken(id), Self.isToken(secret) else {
            throw FeedError.server(reason: "the server registered no usable app (no client_id or client_secret)")
        }
        return App(clientID: id, clientSecret: secret)
    }

    /// The address where the user authorizes `app` and is shown a code.
    public func authorizeURL(_ app: App) -> URL {
        var components = URLComponents(url: server.appendingPathComponent("oauth/authorize"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "client_id", value: app.clientID), URLQueryItem(name: "scope", value: Self.scopes),
            URLQueryItem(name: "redirect_uri", value: Self.redirect), URLQueryItem(name: "response_type", value: "code"),
        ]
        return components?.url ?? server
    }

    /// The access token for `code`, the code the server showed the user.
    public func token(code: String, app: App) async throws -> String {
        let code = code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.isToken(code) else { throw FeedError.server(reason: "that is not a code the server shows (letters, digits, - and _ only)") }
        let dto = try await post(["oauth", "token"], [
            "grant_type": "authorization_code", "code": code, "client_id": app.clientID, "client_secret": app.clientSecret,
            "redirect_uri": Self.redirect, "scope": Self.scopes,
        ], as: TokenDTO.self)
        guard let token = dto.accessToken, Self.isToken(token) else { throw FeedError.server(reason: "the server gave no access token for that code") }
        return token
    }

    /// Revokes `token` of `app`; a token the server no longer takes (its answer 401 or 403) counts
    /// as revoked. Anything else throws a `FeedError`.
    public func revoke(_ token: String, app: App) async throws {
        do {
            _ = try await sendForm(["oauth", "revoke"], ["client_id": app.clientID, "client_secret": app.clientSecret, "token": token], as: Empty.self)
        } catch HTTPError.status(401, _), HTTPError.status(403, _) {
            return
        } catch {
            throw MastodonErrors.feedError(error, hadCursor: false)
        }
    }

    private struct Empty: Decodable, Sendable {}

    /// POSTs `form` and decodes the reply; failures as `FeedError`s.
    private func post<Reply: Decodable & Sendable>(_ segments: [String], _ form: [String: String], as type: Reply.Type) async throws -> Reply {
        do {
            return try await sendForm(segments, form, as: type)
        } catch {
            throw MastodonErrors.feedError(error, hadCursor: false)
        }
    }

    /// POSTs `form` as `application/x-www-form-urlencoded` and decodes the reply; the client's errors as they are.
    private func sendForm<Reply: Decodable & Sendable>(_ segments: [String], _ form: [String: String], as type: Reply.Type) async throws -> Reply {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = form.sorted { $0.key < $1.key }.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
        let request = HTTPRequest(
            method: .post, pathSegments: segments, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(body.utf8))
        return try await http.send(request, decoding: type)
    }

    /// Whether `text` can be a client ID, secret, code or token: 1 to 4,096 URL-safe characters
    /// (Pixelfed's tokens are JWTs of about a kilobyte).
    static func isToken(_ text: String) -> Bool {
        (1...4_096).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x7E
        }
    }
}
