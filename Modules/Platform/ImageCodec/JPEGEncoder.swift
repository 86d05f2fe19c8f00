import CJPEGShim
import Foundation

/// Encodes RGB pixels as a baseline (or progressive) JPEG with libjpeg-turbo.
public struct JPEGEncoder: Sendable {
    /// The quality, 1 (smallest) to 100 (best).
    public let quality: Int
    /// Whether the file is progressive (libjpeg's standard script of 10 scans).
    public let progressive: Bool

    /// Creates an encoder; `quality` is clamped to 1...100.
    public init(quality: Int = 85, progressive: Bool = false) {
        self.quality = min(100, max(1, quality))
        self.progressive = progressive
    }

    /// The JPEG bytes of `image`.
    public func encode(_ image: RGBImage) throws(ImageCodecError) -> Data {
        guard image.width <= 65_500, image.height <= 65_500 else {
            throw .invalidArgument("\(image.size) is larger than JPEG's 65500 pixels per side")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { text in
                cjpeg_encode(
                    pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(quality), progressive ? 1 : 0,
                    &output, &size, text.baseAddress, text.count)
            }
        }
        defer { cjpeg_free(output) }
        guard status == 0, let output else {
            let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .encodingFailed(reason.isEmpty ? "unknown libjpeg error" : reason)
        }
        return Data(bytes: output, count: Int(size))
    }
}
