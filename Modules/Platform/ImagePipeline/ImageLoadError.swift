import ImageCodec
import Networking

/// Why a photo could not be shown.
public enum ImageLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nobody wants the photo any more (or the caches were emptied meanwhile).
    case cancelled
    /// The download failed.
    case network(HTTPError)
    /// The answer is larger than the limit, in bytes.
    case tooLarge(limit: Int)
    /// The bytes are not a JPEG that can be shown.
    case undecodable(ImageCodecError)
    /// The request cannot be served (an empty size, an address that is not http(s)).
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .cancelled: "the photo is no longer wanted"
        case .network(let error): "the photo could not be downloaded: \(error)"
        case .tooLarge(let limit): "the photo is larger than \(limit) bytes"
        case .undecodable(let error): "the photo cannot be shown: \(error)"
        case .invalidRequest(let reason): "invalid photo request: \(reason)"
        }
    }
}
