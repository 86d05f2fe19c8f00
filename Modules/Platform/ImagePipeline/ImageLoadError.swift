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
    /// The bytes are not a JPEG or PNG that can be shown.
    case undecodable(ImageCodecError)
    /// The request cannot be served (an empty size, an address that is not http(s)).
    case invalidRequest(String)
    /// `queued` photos already wait to be decoded, each at least as urgent; try again later.
    case decoderBusy(queued: Int)
    /// The photo's file could not be written (no disk cache, or it cannot be used).
    case notStored(String)

    public var description: String {
        switch self {
        case .cancelled: "the photo is no longer wanted"
        case .network(let error): "the photo could not be downloaded: \(error)"
        case .tooLarge(let limit): "the photo is larger than \(limit) bytes"
        case .undecodable(let error): "the photo cannot be shown: \(error)"
        case .invalidRequest(let reason): "invalid photo request: \(reason)"
        case .decoderBusy(let queued): "\(queued) photos are already waiting to be decoded"
        case .notStored(let reason): "the photo's file could not be written: \(reason)"
        }
    }

    /// Whether trying again later may work: the decoder was busy, the network failed or the
    /// server was briefly unable (timeouts, refused or dropped connections, 408, 429, 5xx); not
    /// for a photo that is missing, too large or not a JPEG or PNG.
    public var isTransient: Bool {
        if case .decoderBusy = self { return true }
        guard case .network(let error) = self else { return false }
        switch error {
        case .unreachable, .timeout, .connectionClosed, .retryAfterTooLong:
            return true
        case .status(let code, _):
            return code == 408 || code == 429 || (500..<600).contains(code)
        case .invalidURL, .notHTTP, .malformedReply, .bodyTooLarge, .redirectToOtherHost, .redirectLoop, .tooManyRedirects,
            .decoding, .cancelled:
            return false
        }
    }
}
