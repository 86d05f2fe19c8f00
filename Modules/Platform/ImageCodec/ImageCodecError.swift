/// Why an image could not be decoded or encoded, in words a person can act on.
public enum ImageCodecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data was empty.
    case empty
    /// The data is not an image the decoder can read, or it is corrupt or cut short.
    case corrupt(String)
    /// The data is neither a JPEG nor a PNG (by its first bytes).
    case unsupportedFormat
    /// The header announces more pixels than the decoder accepts.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// Decoding would hold more bytes than the budget (`bytes` is 0 when libjpeg or libpng found out on its way).
    case overBudget(bytes: Int, limit: Int)
    /// The file has more scans than the decoder reads.
    case tooManyScans(limit: Int)
    /// Decoding took more CPU time than the budget.
    case tooSlow(limit: Duration)
    /// The decode was cancelled.
    case cancelled
    /// A width, height or quality out of range.
    case invalidArgument(String)
    /// Encoding failed.
    case encodingFailed(String)

    public var description: String {
        switch self {
        case .empty:
            "the image file is empty"
        case .corrupt(let reason):
            "the image cannot be read (\(reason))"
        case .unsupportedFormat:
            "the file is not a JPEG or PNG image"
        case .tooManyPixels(let width, let height, let limit):
            "the image is \(width)×\(height) pixels, more than the \(limit) allowed"
        case .overBudget(let bytes, let limit) where bytes > limit:
            "decoding the image would need \(Self.megabytes(bytes)), more than the \(Self.megabytes(limit)) allowed"
        case .overBudget(_, let limit):
            "decoding the image would need more than the \(Self.megabytes(limit)) allowed"
        case .tooManyScans(let limit):
            "the image has more than \(limit) scans"
        case .tooSlow(let limit):
            "decoding the image took more than \(limit) of CPU time"
        case .cancelled:
            "the decode was cancelled"
        case .invalidArgument(let reason):
            "invalid image request: \(reason)"
        case .encodingFailed(let reason):
            "the image could not be encoded: \(reason)"
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
