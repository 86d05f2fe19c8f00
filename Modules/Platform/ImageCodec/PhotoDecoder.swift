import Foundation

/// Decodes a photo in either format a server may send, told apart by its first bytes (never by
/// a file name or a Content-Type): JPEG through `jpeg`, PNG through `png`, each under its own
/// budget. Anything else throws `unsupportedFormat`.
public struct PhotoDecoder: Sendable {
    /// The formats it reads.
    public enum Format: Sendable, Hashable {
        /// Starts FF D8 FF (SOI, then a marker).
        case jpeg
        /// Starts with the 8-byte PNG signature, 89 50 4E 47 0D 0A 1A 0A.
        case png
    }

    /// The decoder, and its budget, for JPEG photos.
    public let jpeg: JPEGDecoder
    /// The decoder, and its budget, for PNG photos.
    public let png: PNGDecoder

    /// Creates a decoder from one per format.
    public init(jpeg: JPEGDecoder = JPEGDecoder(), png: PNGDecoder = PNGDecoder()) {
        self.jpeg = jpeg
        self.png = png
    }

    /// The format `data` starts as, or nil when it is neither.
    public static func format(of data: Data) -> Format? {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        return nil
    }

    /// The upright size the header announces, without decoding any pixels.
    public func dimensions(of data: Data) throws(ImageCodecError) -> PixelSize {
        switch try Self.known(data) {
        case .jpeg: try jpeg.dimensions(of: data)
        case .png: try png.dimensions(of: data)
        }
    }

    /// Decodes at full size, upright; stops with `.cancelled` between rows once `cancellation` is cancelled.
    public func decode(_ data: Data, cancellation: DecodeCancellation? = nil) throws(ImageCodecError) -> RGBImage {
        switch try Self.known(data) {
        case .jpeg: try jpeg.decode(data, cancellation: cancellation)
        case .png: try png.decode(data, cancellation: cancellation)
        }
    }

    /// Decodes to exactly `target` (or to fit in it, keeping the aspect ratio) by area averaging.
    public func decode(
        _ data: Data, to target: PixelSize, resize: ImageResize = .exact, cancellation: DecodeCancellation? = nil
    ) throws(ImageCodecError) -> RGBImage {
        switch try Self.known(data) {
        case .jpeg: try jpeg.decode(data, to: target, resize: resize, cancellation: cancellation)
        case .png: try png.decode(data, to: target, resize: resize, cancellation: cancellation)
        }
    }

    private static func known(_ data: Data) throws(ImageCodecError) -> Format {
        guard !data.isEmpty else { throw .empty }
        guard let format = format(of: data) else { throw .unsupportedFormat }
        return format
    }
}
