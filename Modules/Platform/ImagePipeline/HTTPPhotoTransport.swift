import Foundation
import Networking

/// Fetches photos with the app's `HTTPClient` (which sends no access token to another origin).
public struct HTTPPhotoTransport: PhotoTransport {
    private let client: any HTTPClient
    private let timeout: Duration?

    /// Creates a transport over `client`; `timeout` per attempt, or the client's default.
    public init(client: any HTTPClient, timeout: Duration? = nil) {
        self.client = client
        self.timeout = timeout
    }

    /// Sends a GET with `Accept: image/jpeg` (and `If-None-Match`); maps 304 to `.notModified`.
    public func fetch(_ request: PhotoFetchRequest) async throws(ImageLoadError) -> PhotoFetchResult {
        var http = HTTPRequest.get(url: request.url)
        http.headers["Accept"] = "image/jpeg"
        if let etag = request.ifNoneMatch { http.headers["If-None-Match"] = etag }
        http.timeout = timeout
        // Until HTTPRequest limits the body while it streams, the limit is checked on arrival:
        // the announced Content-Length first, then the bytes themselves.
        let response: HTTPResponse
        do {
            response = try await client.send(http)
        } catch {
            switch error {
            case .status(code: 304, _): return .notModified
            case .cancelled: throw .cancelled
            default: throw .network(error)
            }
        }
        if let announced = response.header("Content-Length").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
           announced > request.maxBodyBytes {
            throw .tooLarge(limit: request.maxBodyBytes)
        }
        guard response.body.count <= request.maxBodyBytes else { throw .tooLarge(limit: request.maxBodyBytes) }
        return .fetched(body: response.body, headers: response.headers)
    }
}
