import EndToEndTesting
import FeedServer
import Foundation
import Networking
import Testing

/// The reference server's Mastodon dialect against recorded Mastodon 4.7.3 replies
/// (`Tests/MastodonTests/Recorded`): every field the client reads is there with the JSON type the
/// real server sends, and the paging and rate-limit headers have the real server's form.
@Suite(.heavy) struct MastodonDialectContractTests {
    /// The fields the client's Mastodon DTOs read, as paths (`[]` walks an array's elements).
    private static let readPaths = [
        "id", "created_at", "content", "spoiler_text", "sensitive", "favourites_count", "replies_count", "favourited", "emojis",
        "account.id", "account.acct", "account.display_name",
        "media_attachments[].type", "media_attachments[].url", "media_attachments[].preview_url", "media_attachments[].blurhash",
        "media_attachments[].meta.original.width", "media_attachments[].meta.original.height",
        "media_attachments[].meta.small.width", "media_attachments[].meta.small.height",
    ]

    private static func recorded(_ name: String) throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("MastodonTests/Recorded/\(name).json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// The JSON type of the values at `path` in `object` (every element's, for an array).
    private static func types(at path: String, in object: Any?) -> Set<String> {
        guard let object else { return ["missing"] }
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        var key = parts[0]
        let walksArray = key.hasSuffix("[]")
        if walksArray { key = String(key.dropLast(2)) }
        let value = (object as? [String: Any])?[key]
        if walksArray {
            guard let elements = value as? [Any], !elements.isEmpty else { return ["missing"] }
            return elements.reduce(into: Set<String>()) { $0.formUnion(parts.count > 1 ? types(at: parts[1], in: $1) : [kind($1)]) }
        }
        return parts.count > 1 ? types(at: parts[1], in: value) : [value.map(kind) ?? "missing"]
    }

    private static func kind(_ value: Any) -> String {
        switch value {
        case is NSNull: "null"
        // A JSON true or false is an NSNumber of Objective-C type char or bool.
        case let number as NSNumber: ["c", "B"].contains(String(cString: number.objCType)) ? "bool" : "number"
        case is String: "string"
        case is [Any]: "array"
        case is [String: Any]: "object"
        default: "other"
        }
    }

    /// `path` of `server` through the workspace's HTTP client: the body as JSON, and the headers.
    private static func get(_ server: TestServer, _ path: String, query: [URLQueryItem] = []) async throws -> (body: Any, headers: [String: String]) {
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: URL(string: server.url)!))
        let response = try await http.send(.get(path, query: query))
        let headers = ["link", "x-ratelimit-remaining", "x-ratelimit-reset"].reduce(into: [String: String]()) { $0[$1] = response.header($1) }
        return (try JSONSerialization.jsonObject(with: response.body), headers)
    }

    @Test func everyFieldTheClientReadsHasTheRecordedType() async throws {
        let server = try TestServer()
        let recorded = try #require(Self.recorded("media_post_multiple")["body"])
        let served = try await Self.get(server, "/api/v1/statuses/1").body
        for path in Self.readPaths {
            let want = Self.types(at: path, in: recorded)
            let got = Self.types(at: path, in: served)
            #expect(!want.contains("missing"), "\(path) is in the recorded reply (else the comparison says nothing)")
            #expect(got == want, "\(path): the reference server sends \(got.sorted()), Mastodon 4.7.3 sent \(want.sorted())")
        }
    }

    @Test func pagingAndRateLimitHeadersHaveTheRecordedForm() async throws {
        let server = try TestServer()
        let recorded = try #require(Self.recorded("home_timeline")["headers"] as? [String: String])
        let (body, headers) = try await Self.get(server, "/api/v1/timelines/public", query: [URLQueryItem(name: "limit", value: "5")])
        #expect((body as? [Any])?.count == 5)
        // `<…?max_id=N>; rel="next", <…?min_id=M>; rel="prev"`, as recorded.
        let pattern = #"^<[^>]+[?&]max_id=\d+>; rel="next", <[^>]+[?&]min_id=\d+>; rel="prev"$"#
        for link in [recorded["link"], headers["link"]] {
            #expect(link?.range(of: pattern, options: .regularExpression) != nil, "\(link ?? "no Link")")
        }
        for name in ["x-ratelimit-remaining", "x-ratelimit-reset"] {
            #expect(recorded[name] != nil && headers[name] != nil, "\(name)")
        }
        let reset = try #require(headers["x-ratelimit-reset"])
        #expect((try? Date(reset, strategy: Date.ISO8601FormatStyle())) != nil, "\(reset)")
    }
}
