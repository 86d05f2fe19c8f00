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

    /// Sends a GET with `Accept: image/jpeg, image/png` (and `If-None-Match`); maps 304 to `.notModified`.
    public func fetch(_ request: PhotoFetchRequest) async throws(ImageLoadError) -> PhotoFetchResult {
        var http = HTTPRequest.get(url: request.url)
        http.headers["Accept"] = "image/jpeg, image/png"
        if let etag = request.ifNoneMatch { http.headers["If-None-Match"] = etag }
        http.timeout = timeout
        // The client refuses a longer body while it streams, before it is buffered.
        http.maxBodyBytes = request.maxBodyBytes
        let response: HTTPResponse
        do {
            response = try await client.send(http)
        } catch {
            switch error {
            case .status(code: 304, _): return .notModified
            case .cancelled: throw .cancelled
            case .bodyTooLarge: throw .tooLarge(limit: request.maxBodyBytes)
            default: throw .network(error)
            }
        }
        guard response.body.count <= request.maxBodyBytes else { throw .tooLarge(limit: request.maxBodyBytes) }
        return .fetched(body: response.body, headers: response.headers)
    }
}
