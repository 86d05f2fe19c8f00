import Foundation
import HTTPServer
import ImageCodec
import ImagePipeline
import Networking
import Synchronization
import TestingSupport

/// A photo server on 127.0.0.1 for the tests: routes by path, answers 304 to a matching
/// `If-None-Match`, can hold a route's answers at a gate, and logs every request.
final class PhotoServer: Sendable {
    struct Route: Sendable {
        var status = 200
        var body: Data
        var headers: [(name: String, value: String)] = [("Cache-Control", "max-age=3600")]
        /// Held here until the gate opens.
        var gate: Gate?
        /// Answered 304 when the request's `If-None-Match` equals it (and sent as `ETag`).
        var etag: String?
        /// The answer's Content-Type (the client goes by the file's first bytes, not by this).
        var contentType = "image/jpeg"
    }

    struct Received: Sendable {
        let path: String
        let ifNoneMatch: String?
    }

    /// What the handler shares with the test.
    private final class Shared: Sendable {
        let routes = Mutex<[String: Route]>([:])
        let log = Mutex<[Received]>([])
        let concurrency = Mutex((now: 0, most: 0))
    }

    private let shared = Shared()
    private let server: HTTPServer
    let baseURL: URL

    init() throws {
        let shared = self.shared
        server = HTTPServer(host: "127.0.0.1", port: 0) { request in
            shared.log.withLock { $0.append(Received(path: request.path, ifNoneMatch: request.headers["if-none-match"])) }
            shared.concurrency.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            defer { shared.concurrency.withLock { $0.now -= 1 } }
            guard let route = shared.routes.withLock({ $0[request.path] }) else {
                return HTTPServerResponse(status: 404, body: Data("no such photo".utf8))
            }
            if let gate = route.gate { await gate.wait() }
            var headers = route.headers
            if let etag = route.etag {
                headers.append(("ETag", etag))
                if request.headers["if-none-match"] == etag { return HTTPServerResponse(status: 304, headers: headers) }
            }
            return HTTPServerResponse(status: route.status, headers: [("Content-Type", route.contentType)] + headers, body: route.body)
        }
        let port = try server.start()
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    deinit { server.stop() }

    /// Serves `route` at `path` and returns the photo's address.
    @discardableResult
    func serve(_ path: String, _ route: Route) -> URL {
        shared.routes.withLock { $0[path] = route }
        return url(path)
    }

    func url(_ path: String) -> URL { baseURL.appendingPathComponent(String(path.dropFirst())) }

    /// Every request so far, in order of arrival.
    var received: [Received] { shared.log.withLock { $0 } }

    /// Requests for `path` so far.
    func count(_ path: String) -> Int { received.filter { $0.path == path }.count }

    /// The most requests served at once.
    var mostAtOnce: Int { shared.concurrency.withLock { $0.most } }
}

/// Photos made in the test with known colours.
enum TestPhotos {
    static func jpeg(red: UInt8, green: UInt8, blue: UInt8, width: Int = 64, height: Int = 48) -> Data {
        // Force-try: encoding a valid image only fails on a broken libjpeg, which every test would show.
        try! JPEGEncoder(quality: 85).encode(RGBImage(width: width, height: height, red: red, green: green, blue: blue))
    }

    static let red = jpeg(red: 230, green: 20, blue: 20)
    static let blue = jpeg(red: 20, green: 20, blue: 230)
    static let green = jpeg(red: 20, green: 230, blue: 20)
}

/// A pipeline on the real HTTP stack.
func makePipeline(
    _ server: PhotoServer, memory: Int = 16 << 20, disk: URL? = nil, diskLimit: Int = 128 << 20,
    downloads: Int = 4, maxPhotoBytes: Int = 8 << 20, now: @escaping @Sendable () -> Date = { Date() }
) -> ImagePipeline {
    let client = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: server.baseURL, retry: .none))
    let configuration = ImagePipelineConfiguration(
        memoryLimitBytes: memory, diskDirectory: disk, diskLimitBytes: diskLimit, maxConcurrentDownloads: downloads,
        maxPhotoBytes: maxPhotoBytes, now: now)
    return ImagePipeline(configuration: configuration, client: client)
}

/// Results handed to completions, readable from the test.
final class Deliveries: Sendable {
    private let results = Mutex<[String: [Result<RGBImage, ImageLoadError>]]>([:])

    func completion(_ name: String) -> @Sendable (Result<RGBImage, ImageLoadError>) -> Void {
        { result in self.results.withLock { $0[name, default: []].append(result) } }
    }

    func of(_ name: String) -> [Result<RGBImage, ImageLoadError>] { results.withLock { $0[name] ?? [] } }

    var total: Int { results.withLock { $0.values.map(\.count).reduce(0, +) } }
}

extension TemporaryDirectory {
    /// The cache directory inside it (created by the pipeline).
    var cache: URL { url.appendingPathComponent("feed/images", isDirectory: true) }
}

extension RGBImage {
    /// Whether the image is mostly red (or blue, or green).
    var dominant: String {
        let mean = meanColor
        if mean.red > 150 && mean.blue < 100 && mean.green < 100 { return "red" }
        if mean.blue > 150 && mean.red < 100 && mean.green < 100 { return "blue" }
        if mean.green > 150 && mean.red < 100 && mean.blue < 100 { return "green" }
        return "mixed"
    }
}

/// An HTTP client for `url`'s server that never retries.
func makeClient(_ url: URL) -> HTTPTransportClient {
    HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: url, retry: .none))
}
