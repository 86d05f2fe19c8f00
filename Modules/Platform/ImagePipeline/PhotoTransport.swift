import Foundation

/// Fetches photo bytes; `HTTPPhotoTransport` is the real one, tests may fake it.
public protocol PhotoTransport: Sendable {
    /// Fetches `request.url`; throws `.tooLarge` for a body over `request.maxBodyBytes` and
    /// `.cancelled` when the caller's task is cancelled.
    func fetch(_ request: PhotoFetchRequest) async throws(ImageLoadError) -> PhotoFetchResult
}

/// One photo download.
public struct PhotoFetchRequest: Hashable, Sendable {
    /// The photo's absolute address.
    public var url: URL
    /// The ETag of the stored copy, sent as `If-None-Match`.
    public var ifNoneMatch: String?
    /// The largest body accepted.
    public var maxBodyBytes: Int

    /// Creates a request.
    public init(url: URL, ifNoneMatch: String? = nil, maxBodyBytes: Int) {
        self.url = url
        self.ifNoneMatch = ifNoneMatch
        self.maxBodyBytes = maxBodyBytes
    }
}

/// What the server answered.
public enum PhotoFetchResult: Hashable, Sendable {
    /// A 2xx answer: the body and the headers (names lowercased).
    case fetched(body: Data, headers: [String: String])
    /// 304: the stored copy is still good.
    case notModified
}
