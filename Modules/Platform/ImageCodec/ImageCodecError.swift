/// Why an image could not be decoded or encoded, in words a person can act on.
public enum ImageCodecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data was empty.
    case empty
    /// The data is not a JPEG libjpeg can read, or it is corrupt or cut short.
    case corrupt(String)
    /// The header announces more pixels than the decoder accepts.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// A width, height or quality out of range.
    case invalidArgument(String)
    /// Encoding failed.
    case encodingFailed(String)

    public var description: String {
        switch self {
        case .empty:
            "the image file is empty"
        case .corrupt(let reason):
            "the image is not a readable JPEG (\(reason))"
        case .tooManyPixels(let width, let height, let limit):
            "the image is \(width)×\(height) pixels, more than the \(limit) allowed"
        case .invalidArgument(let reason):
            "invalid image request: \(reason)"
        case .encodingFailed(let reason):
            "the image could not be encoded: \(reason)"
        }
    }
}
