import CJPEGShim
import Foundation

/// Decodes JPEG bytes to RGB pixels with libjpeg-turbo, scaling in the DCT domain first so a
/// small target never pays for a full-size decode. Corrupt, truncated or empty data throws.
public struct JPEGDecoder: Sendable {
    /// How the output relates to the target size.
    public enum Resize: Sendable, Hashable {
        /// Exactly the target size; the aspect ratio follows the target.
        case exact
        /// The largest size with the photo's aspect ratio that fits in the target.
        case aspectFit
    }

    /// The most pixels a header may announce (width × height); larger images are refused unread.
    public let maxPixelCount: Int
    /// The most progressive scans read before the file is refused.
    public let maxScans: Int

    /// Creates a decoder with limits against hostile files.
    public init(maxPixelCount: Int = 40_000_000, maxScans: Int = 300) {
        self.maxPixelCount = max(1, maxPixelCount)
        self.maxScans = max(1, maxScans)
    }

    /// The size the header announces, without decoding any pixels.
    public func dimensions(of data: Data) throws(ImageCodecError) -> PixelSize {
        try withDecoder(data) { decoder throws(ImageCodecError) in try readHeader(decoder) }
    }

    /// Decodes at full size.
    public func decode(_ data: Data) throws(ImageCodecError) -> RGBImage {
        try withDecoder(data) { decoder throws(ImageCodecError) in
            let source = try readHeader(decoder)
            return try read(decoder, scale: 8, expected: source)
        }
    }

    /// Decodes at the smallest DCT scale (n/8) whose output is not below the target, then
    /// area-averages down to exactly `target` (or to fit in it, keeping the aspect ratio).
    public func decode(_ data: Data, to target: PixelSize, resize: Resize = .exact) throws(ImageCodecError) -> RGBImage {
        guard target.width > 0, target.height > 0, target.pixelCount <= maxPixelCount else {
            throw .invalidArgument("target size \(target) is empty or too large")
        }
        return try withDecoder(data) { decoder throws(ImageCodecError) in
            let source = try readHeader(decoder)
            let output = resize == .exact ? target : target.fitting(aspectOf: source)
            let scale = Self.scaleNumerator(source: source, target: output)
            let scaled = try read(decoder, scale: scale, expected: Self.scaled(source, by: scale))
            return scaled.size == output ? scaled : scaled.resized(to: output)
        }
    }

    /// The smallest n in 1...8 such that the image scaled by n/8 is at least `target` on both sides.
    public static func scaleNumerator(source: PixelSize, target: PixelSize) -> Int {
        for numerator in 1...8 {
            let size = scaled(source, by: numerator)
            if size.width >= target.width && size.height >= target.height { return numerator }
        }
        return 8
    }

    /// The size libjpeg produces at scale n/8: each side rounded up.
    static func scaled(_ size: PixelSize, by numerator: Int) -> PixelSize {
        PixelSize(width: (size.width * numerator + 7) / 8, height: (size.height * numerator + 7) / 8)
    }

    // MARK: - libjpeg calls

    private func withDecoder<T>(_ data: Data, _ body: (OpaquePointer) throws(ImageCodecError) -> T) throws(ImageCodecError) -> T {
        guard !data.isEmpty else { throw .empty }
        let result: Result<T, ImageCodecError> = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress,
                  let decoder = cjpeg_decoder_create(base, raw.count, UInt32(maxScans))
            else { return .failure(.corrupt("out of memory")) }
            defer { cjpeg_decoder_destroy(decoder) }
            do throws(ImageCodecError) {
                return .success(try body(decoder))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func readHeader(_ decoder: OpaquePointer) throws(ImageCodecError) -> PixelSize {
        var width: Int32 = 0
        var height: Int32 = 0
        guard cjpeg_decoder_read_header(decoder, &width, &height) == 0 else { throw failure(decoder) }
        let size = PixelSize(width: Int(width), height: Int(height))
        guard size.width > 0, size.height > 0 else { throw .corrupt("the header has no size") }
        guard size.pixelCount <= maxPixelCount else {
            throw .tooManyPixels(width: size.width, height: size.height, limit: maxPixelCount)
        }
        return size
    }

    private func read(_ decoder: OpaquePointer, scale: Int, expected: PixelSize) throws(ImageCodecError) -> RGBImage {
        var width: Int32 = 0
        var height: Int32 = 0
        guard cjpeg_decoder_start(decoder, UInt32(scale), 8, &width, &height) == 0 else { throw failure(decoder) }
        let size = PixelSize(width: Int(width), height: Int(height))
        // libjpeg's own arithmetic must agree with ours before any buffer is sized from it.
        guard size == expected else { throw .corrupt("unexpected output size \(size) instead of \(expected)") }
        let count = size.pixelCount * 3
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = cjpeg_decoder_read(decoder, buffer.baseAddress, count)
            if status != 0 { buffer.initialize(repeating: 0) }
            initialized = count
        }
        guard status == 0 else { throw failure(decoder) }
        return RGBImage(width: size.width, height: size.height, pixels: pixels)
    }

    private func failure(_ decoder: OpaquePointer) -> ImageCodecError {
        let message = String(cString: cjpeg_decoder_message(decoder))
        if message == "the file is empty" { return .empty }
        return .corrupt(message.isEmpty ? "unknown libjpeg error" : message)
    }
}
