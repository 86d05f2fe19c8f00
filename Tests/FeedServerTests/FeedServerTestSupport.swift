import Foundation
import Networking
@testable import FeedServer
import HTTPServer
import Synchronization

/// Calls the router directly, as the HTTP server would.
func call(_ router: FeedRouter, _ path: String, query: [(name: String, value: String)] = []) async -> HTTPServerResponse {
    await call(router, "GET", path, query: query)
}

/// Calls the router directly with `method`.
func call(
    _ router: FeedRouter,
    _ method: String,
    _ path: String,
    query: [(name: String, value: String)] = [],
    body: String? = nil
) async -> HTTPServerResponse {
    await router.handle(HTTPServerRequest(method: method, path: path, query: query, body: Data((body ?? "").utf8)))
}

/// Decodes a response body with the test's own view of the contract.
func decode<T: Decodable>(_ type: T.Type, _ response: HTTPServerResponse) throws -> T {
    try JSONDecoder().decode(type, from: response.body)
}

/// The error message of a JSON error response.
func errorMessage(_ response: HTTPServerResponse) -> String? {
    (try? JSONDecoder().decode([String: String].self, from: response.body))?["error"]
}

/// The value of header `name` (case-insensitive).
func header(_ response: HTTPServerResponse, _ name: String) -> String? {
    response.headers.first { $0.name.lowercased() == name.lowercased() }?.value
}

/// The test's own decoding of a feed page (independent of the server's DTOs).
struct TestPage: Decodable {
    struct Item: Decodable {
        struct Author: Decodable { var id: String; var name: String }
        struct Image: Decodable { var url: String; var width: Int; var height: Int }
        var id: String
        var author: Author
        var caption: String
        var image: Image
        var likeCount: Int
    }
    var items: [Item]
    var nextCursor: String?
}

/// Walks a whole session page by page; returns the pages' ids and the number of requests.
func walk(_ router: FeedRouter, limit: Int) async throws -> [[String]] {
    var pages: [[String]] = []
    var cursor: String?
    repeat {
        var query = [(name: "limit", value: String(limit))]
        if let cursor { query.append((name: "cursor", value: cursor)) }
        let response = await call(router, "/v1/feed", query: query)
        guard response.status == 200 else { throw TestFailure("feed answered \(response.status)") }
        let page = try decode(TestPage.self, response)
        pages.append(page.items.map(\.id))
        cursor = page.nextCursor
        if pages.count > 10_000 { throw TestFailure("the feed never ends") }
    } while cursor != nil
    return pages
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A thread-safe clock the test moves by hand.
final class ManualClock: Sendable {
    private let seconds: Mutex<Double>
    init(_ seconds: Double) { self.seconds = Mutex(seconds) }
    func now() -> Double { seconds.withLock { $0 } }
    func set(_ value: Double) { seconds.withLock { $0 = value } }
}

/// Collects log lines.
final class LineSink: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}

/// Reads a stream of the server on `port` (`request`, bounded by its deadline) until `done` holds
/// for what arrived, running `during` once, when the first bytes came (the stream is open).
func readStream(
    _ port: UInt16, _ request: HTTPRequest, until done: @escaping @Sendable (String) -> Bool, during: @escaping @Sendable () -> Void = {}
) async throws -> String {
    var request = request
    request.totalDeadline = .seconds(20)
    let client = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: URL(string: "http://127.0.0.1:\(port)")!))
    let text = Mutex("")
    let once = Mutex(false)
    try await client.stream(request) { data in
        let now = text.withLock { text in
            text += String(decoding: data, as: UTF8.self)
            return text
        }
        if !once.withLock({ value in defer { value = true }; return value }) { during() }
        return !done(now)
    }
    return text.withLock { $0 }
}
