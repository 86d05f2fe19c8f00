import CJPEGShim
import Foundation

/// Decodes JPEG bytes to RGB pixels with libjpeg-turbo, scaling in the DCT domain first so a
/// small target never pays for a full-size decode. Every decode runs under a budget a hostile
/// file cannot exceed: pixels, scans, bytes (refused before any scan is read) and CPU time.
/// Corrupt, truncated, empty or over-budget data throws.
public struct JPEGDecoder: Sendable {
    /// How the output relates to the target size (the same for every format).
    public typealias Resize = ImageResize

    /// The most pixels a header may announce (width × height); larger images are refused unread.
    public let maxPixelCount: Int
    /// The most scans a file may have; the decode stops at the next one.
    public let maxScans: Int
    /// The most bytes one decode may hold: libjpeg's buffers (a progressive file keeps every
    /// coefficient of the image) plus the pixels it produces. Checked before any scan is read.
    public let maxMemoryBytes: Int
    /// The most CPU time one decode may take on its thread; checked between rows and scans.
    public let maxCPUTime: Duration
    /// How many DCT-scaled pixels, at least, go into each output pixel's area average, per side
    /// (as far as full size allows). libjpeg's scaled IDCT is not an area average: scaled to just
    /// above the target it costs 10 dB of PSNR on a photo (`feed-bench l`); 4 keeps that below 1 dB.
    public let oversampling: Int

    /// Creates a decoder with limits against hostile files.
    public init(
        maxPixelCount: Int = 40_000_000, maxScans: Int = 100, maxMemoryBytes: Int = 32 << 20, maxCPUTime: Duration = .seconds(2), oversampling: Int = 4
    ) {
        self.oversampling = min(8, max(1, oversampling))
        self.maxPixelCount = max(1, maxPixelCount)
        self.maxScans = max(1, maxScans)
        self.maxMemoryBytes = max(1 << 20, maxMemoryBytes)
        self.maxCPUTime = max(.milliseconds(1), maxCPUTime)
    }

    /// The upright size the header announces (its EXIF orientation applied), without decoding any pixels.
    public func dimensions(of data: Data) throws(ImageCodecError) -> PixelSize {
        let stored = try withDecoder(data, cancellation: nil) { decoder throws(ImageCodecError) in try readHeader(decoder) }
        return ExifOrientation.of(data).swapsSides ? stored.swapped : stored
    }

    /// Decodes at full size, upright; stops with `.cancelled` between rows once `cancellation` is cancelled.
    public func decode(_ data: Data, cancellation: DecodeCancellation? = nil) throws(ImageCodecError) -> RGBImage {
        let orientation = ExifOrientation.of(data)
        return try withDecoder(data, cancellation: cancellation) { decoder throws(ImageCodecError) in
            let source = try readHeader(decoder)
            // Turning the image upright holds a second copy of its pixels.
            let turning = orientation == .up ? 0 : source.pixelCount * 3
            return try read(decoder, scale: 8, expected: source, extraBytes: turning).oriented(orientation)
        }
    }

    /// Decodes at the smallest DCT scale (n/8) whose output is not below `oversampling` times the
    /// target (full size at most), then area-averages down to exactly `target` (or to fit in it, keeping the aspect ratio).
    public func decode(
        _ data: Data, to target: PixelSize, resize: Resize = .exact, cancellation: DecodeCancellation? = nil
    ) throws(ImageCodecError) -> RGBImage {
        guard target.width > 0, target.height > 0, target.pixelCount <= maxPixelCount else {
            throw .invalidArgument("target size \(target) is empty or too large")
        }
        // The target is upright; the decode works on the stored pixels, turned at the end.
        let orientation = ExifOrientation.of(data)
        let turned = orientation.swapsSides
        return try withDecoder(data, cancellation: cancellation) { decoder throws(ImageCodecError) in
            let source = try readHeader(decoder)
            let upright = resize == .exact ? target : target.fitting(aspectOf: turned ? source.swapped : source)
            let output = turned ? upright.swapped : upright
            let scale = Self.scaleNumerator(source: source, target: PixelSize(width: output.width * oversampling, height: output.height * oversampling))
            let expected = Self.scaled(source, by: scale)
            // Area averaging holds a float row set (output width × scaled height) and the output.
            let resampling = (expected == output ? 0 : output.width * expected.height * 3 * 4 + output.pixelCount * 3)
                + (orientation == .up ? 0 : output.pixelCount * 3)
            let scaled = try read(decoder, scale: scale, expected: expected, extraBytes: resampling)
            // The scaled sides are rounded up: the image spans source × n/8 of them, not all.
            let extent = (Double(source.width) * Double(scale) / 8, Double(source.height) * Double(scale) / 8)
            let sized = scaled.size == output && extent == (Double(output.width), Double(output.height))
                ? scaled : scaled.resized(to: output, covering: extent)
            return sized.oriented(orientation)
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

    private func withDecoder<T>(
        _ data: Data, cancellation: DecodeCancellation?, _ body: (OpaquePointer) throws(ImageCodecError) -> T
    ) throws(ImageCodecError) -> T {
        guard !data.isEmpty else { throw .empty }
        let result: Result<T, ImageCodecError> = withExtendedLifetime(cancellation) {
            data.withUnsafeBytes { raw in
                var limits = cjpeg_limits()
                limits.max_scans = UInt32(clamping: maxScans)
                limits.max_cpu_seconds = maxCPUTime.inSeconds
                if let cancellation {
                    limits.context = Unmanaged.passUnretained(cancellation).toOpaque()
                    limits.should_stop = { context in
                        guard let context else { return 0 }
                        return Unmanaged<DecodeCancellation>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
                    }
                }
                guard let base = raw.bindMemory(to: UInt8.self).baseAddress,
                      let decoder = cjpeg_decoder_create(base, raw.count, limits)
                else { return .failure(.corrupt("out of memory")) }
                defer { cjpeg_decoder_destroy(decoder) }
                do throws(ImageCodecError) {
                    return .success(try body(decoder))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    private func readHeader(_ decoder: OpaquePointer) throws(ImageCodecError) -> PixelSize {
        var width: Int32 = 0
        var height: Int32 = 0
        let status = cjpeg_decoder_read_header(decoder, &width, &height)
        guard status == CJPEG_OK else { throw failure(decoder, status) }
        let size = PixelSize(width: Int(width), height: Int(height))
        guard size.width > 0, size.height > 0 else { throw .corrupt("the header has no size") }
        guard size.pixelCount <= maxPixelCount else {
            throw .tooManyPixels(width: size.width, height: size.height, limit: maxPixelCount)
        }
        return size
    }

    /// Decodes at `scale`/8 within the byte budget, less `extraBytes` the caller will hold after.
    private func read(_ decoder: OpaquePointer, scale: Int, expected: PixelSize, extraBytes: Int) throws(ImageCodecError) -> RGBImage {
        let count = expected.pixelCount * 3
        let needed = cjpeg_decoder_memory_needed(decoder) + count + extraBytes
        guard needed <= maxMemoryBytes else { throw .overBudget(bytes: needed, limit: maxMemoryBytes) }
        var width: Int32 = 0
        var height: Int32 = 0
        let start = cjpeg_decoder_start(decoder, UInt32(scale), 8, maxMemoryBytes - count - extraBytes, &width, &height)
        guard start == CJPEG_OK else { throw failure(decoder, start, needed: needed) }
        let size = PixelSize(width: Int(width), height: Int(height))
        // libjpeg's own arithmetic must agree with ours before any buffer is sized from it.
        guard size == expected else { throw .corrupt("unexpected output size \(size) instead of \(expected)") }
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = cjpeg_decoder_read(decoder, buffer.baseAddress, count)
            if status != CJPEG_OK { buffer.initialize(repeating: 0) }
            initialized = count
        }
        guard status == CJPEG_OK else { throw failure(decoder, status, needed: needed) }
        return RGBImage(width: size.width, height: size.height, pixels: pixels)
    }

    private func failure(_ decoder: OpaquePointer, _ status: Int32, needed: Int = 0) -> ImageCodecError {
        switch status {
        case CJPEG_EMPTY: return .empty
        case CJPEG_TOO_MANY_SCANS: return .tooManyScans(limit: maxScans)
        case CJPEG_OVER_BUDGET: return .overBudget(bytes: needed, limit: maxMemoryBytes)
        case CJPEG_TOO_SLOW: return .tooSlow(limit: maxCPUTime)
        case CJPEG_STOPPED: return .cancelled
        default:
            let message = String(cString: cjpeg_decoder_message(decoder))
            return .corrupt(message.isEmpty ? "unknown libjpeg error" : message)
        }
    }
}
