import CPNGShim
import Foundation

/// Decodes PNG bytes to RGB pixels with libpng, one row at a time: a decode to a box averages
/// each row in as it arrives, so only an interlaced file (whose seven passes fill every row
/// again) is held at full size. Every kind of PNG comes out as 8-bit RGB, transparency composited
/// over `background`. Every decode runs under a budget a hostile file cannot exceed: pixels and
/// bytes (refused after the header, before anything is allocated for pixels: libpng's own
/// allocations are counted, and refused past the budget) and CPU time. Corrupt, truncated,
/// empty or over-budget data throws.
public struct PNGDecoder: Sendable {
    /// The colour transparent pixels are composited over.
    public struct Background: Sendable, Hashable {
        /// Red, 0...255.
        public var red: UInt8
        /// Green, 0...255.
        public var green: UInt8
        /// Blue, 0...255.
        public var blue: UInt8

        /// Creates a colour.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// Black, what a dark terminal shows around a photo.
        public static let black = Background(red: 0, green: 0, blue: 0)
    }

    /// The most pixels a header may announce (width × height, at most 2^40); larger images are refused unread.
    public let maxPixelCount: Int
    /// The most bytes one decode may hold (libpng's allocations, its rows, the pixels made); checked after the header.
    public let maxMemoryBytes: Int
    /// The most CPU time one decode may take on its thread; checked between rows.
    public let maxCPUTime: Duration
    /// The colour alpha and tRNS transparency are composited over.
    public let background: Background

    /// Creates a decoder with limits against hostile files.
    public init(maxPixelCount: Int = 40_000_000, maxMemoryBytes: Int = 32 << 20, maxCPUTime: Duration = .seconds(2), background: Background = .black) {
        // 2^40 keeps every byte count below (up to 16 bytes a pixel) far from overflowing.
        self.maxPixelCount = min(1 << 40, max(1, maxPixelCount))
        self.maxMemoryBytes = max(1 << 20, maxMemoryBytes)
        self.maxCPUTime = max(.milliseconds(1), maxCPUTime)
        self.background = background
    }

    /// The size the header announces, without decoding any pixels.
    public func dimensions(of data: Data) throws(ImageCodecError) -> PixelSize {
        try withDecoder(data, cancellation: nil) { decoder throws(ImageCodecError) in try readHeader(decoder).size }
    }

    /// Decodes at full size; stops with `.cancelled` between rows once `cancellation` is cancelled.
    public func decode(_ data: Data, cancellation: DecodeCancellation? = nil) throws(ImageCodecError) -> RGBImage {
        try decode(data, to: nil, resize: .exact, cancellation: cancellation) { _ in }
    }

    /// Decodes to exactly `target` (or to fit in it), averaging each row in as it arrives; stops with `.cancelled` between rows.
    public func decode(
        _ data: Data, to target: PixelSize, resize: ImageResize = .exact, cancellation: DecodeCancellation? = nil
    ) throws(ImageCodecError) -> RGBImage {
        guard target.width > 0, target.height > 0, target.pixelCount <= maxPixelCount else {
            throw .invalidArgument("target size \(target) is empty or too large")
        }
        return try decode(data, to: target, resize: resize, cancellation: cancellation) { _ in }
    }

    /// Decodes to `target` (full size when nil) and hands `libpngPeak` the most bytes libpng held at once.
    func decode(
        _ data: Data, to target: PixelSize?, resize: ImageResize, cancellation: DecodeCancellation?, libpngPeak: (Int) -> Void
    ) throws(ImageCodecError) -> RGBImage {
        try withDecoder(data, cancellation: cancellation, libpngPeak: libpngPeak) { decoder throws(ImageCodecError) in
            let header = try readHeader(decoder)
            guard let target else { return try readFullSize(decoder, header) }
            let output = resize == .exact ? target : target.fitting(aspectOf: header.size)
            if output == header.size { return try readFullSize(decoder, header) }
            let rows = try start(decoder, header, heldBytes: RowResampler.bytes(sourceWidth: header.size.width, target: output))
            var resampler = RowResampler(
                sourceWidth: header.size.width, extent: (Double(header.size.width), Double(header.size.height)), target: output)
            try read(decoder, rows) { row in resampler.add(row) }
            return resampler.image()
        }
    }

    /// What the header says, as the decode needs it.
    struct Header {
        let size: PixelSize
        /// 4 when the file has alpha or tRNS transparency, else 3.
        let channels: Int
        let interlaced: Bool
    }

    /// How libpng hands out rows once started: the bytes of one, and the passes over all of them.
    struct Rows {
        let header: Header
        let bytes: Int
        let passes: Int
    }

    /// What libpng holds for an image `width` pixels wide, at most: its two row buffers (of up to
    /// 8 bytes a pixel, 16-bit RGBA, while it transforms), and 64 KiB for its structures, zlib's
    /// state and window and its read buffer. Its allocator refuses past the budget if this is short.
    static func libpngBytes(width: Int) -> Int {
        2 * (width * 8 + 64) + (64 << 10)
    }

    // MARK: - libpng calls

    private func withDecoder<T>(
        _ data: Data, cancellation: DecodeCancellation?, libpngPeak: (Int) -> Void = { _ in },
        _ body: (OpaquePointer) throws(ImageCodecError) -> T
    ) throws(ImageCodecError) -> T {
        guard !data.isEmpty else { throw .empty }
        let result: Result<T, ImageCodecError> = withExtendedLifetime(cancellation) {
            data.withUnsafeBytes { raw in
                var limits = cpng_limits()
                limits.max_side = UInt32(clamping: min(maxPixelCount, Int(Int32.max)))
                limits.max_memory = maxMemoryBytes
                // Only PLTE and tRNS are read of the ancillary chunks, both under 1 KiB.
                limits.max_chunk_bytes = 256 << 10
                limits.max_chunks = 16
                limits.max_cpu_seconds = maxCPUTime.inSeconds
                if let cancellation {
                    limits.context = Unmanaged.passUnretained(cancellation).toOpaque()
                    limits.should_stop = { context in
                        guard let context else { return 0 }
                        return Unmanaged<DecodeCancellation>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
                    }
                }
                guard let base = raw.bindMemory(to: UInt8.self).baseAddress,
                      let decoder = cpng_decoder_create(base, raw.count, limits)
                else { return .failure(.corrupt("out of memory")) }
                defer {
                    libpngPeak(cpng_decoder_peak_bytes(decoder))
                    cpng_decoder_destroy(decoder)
                }
                do throws(ImageCodecError) {
                    return .success(try body(decoder))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    private func readHeader(_ decoder: OpaquePointer) throws(ImageCodecError) -> Header {
        var header = cpng_header()
        let status = cpng_decoder_read_header(decoder, &header)
        let size = PixelSize(width: Int(header.width), height: Int(header.height))
        if status == CPNG_TOO_MANY_PIXELS { throw .tooManyPixels(width: size.width, height: size.height, limit: maxPixelCount) }
        guard status == CPNG_OK else { throw failure(decoder, status) }
        guard size.width > 0, size.height > 0 else { throw .corrupt("the header has no size") }
        guard size.pixelCount <= maxPixelCount else {
            throw .tooManyPixels(width: size.width, height: size.height, limit: maxPixelCount)
        }
        let alpha = header.color_type == 4 || header.color_type == 6 || header.has_transparency != 0
        return Header(size: size, channels: alpha ? 4 : 3, interlaced: header.interlaced != 0)
    }

    /// Checks the budget — libpng's share, its rows (every row of an interlaced file) and
    /// `heldBytes` the caller will hold — and starts libpng with what is left for it.
    private func start(_ decoder: OpaquePointer, _ header: Header, heldBytes: Int) throws(ImageCodecError) -> Rows {
        let rowBytes = header.size.width * header.channels
        let ours = rowBytes * (header.interlaced ? header.size.height : 1) + heldBytes
        let needed = Self.libpngBytes(width: header.size.width) + ours
        guard needed <= maxMemoryBytes else { throw .overBudget(bytes: needed, limit: maxMemoryBytes) }
        var channels: Int32 = 0
        var bytes = 0
        var passes: Int32 = 0
        let status = cpng_decoder_start(decoder, maxMemoryBytes - ours, &channels, &bytes, &passes)
        guard status == CPNG_OK else { throw failure(decoder, status, needed: needed) }
        // libpng's own arithmetic must agree with ours before any buffer is sized from it.
        guard Int(channels) == header.channels, bytes == rowBytes, passes == (header.interlaced ? 7 : 1) else {
            throw .corrupt("unexpected rows: \(channels) channels, \(bytes) bytes, \(passes) passes")
        }
        return Rows(header: header, bytes: bytes, passes: Int(passes))
    }

    private func readFullSize(_ decoder: OpaquePointer, _ header: Header) throws(ImageCodecError) -> RGBImage {
        let stride = header.size.width * 3
        let rows = try start(decoder, header, heldBytes: header.size.pixelCount * 3)
        var pixels = [UInt8](repeating: 0, count: header.size.pixelCount * 3)
        var y = 0
        try pixels.withUnsafeMutableBufferPointer { pixels throws(ImageCodecError) in
            try read(decoder, rows) { row in
                _ = UnsafeMutableBufferPointer(rebasing: pixels[y * stride..<(y + 1) * stride]).update(fromContentsOf: row)
                y += 1
            }
        }
        return RGBImage(width: header.size.width, height: header.size.height, pixels: pixels)
    }

    /// Reads every pass of every row and hands each row to `body` in order, top to bottom, as
    /// RGB (its transparency composited); an interlaced file is handed over once its last pass is in.
    private func read(_ decoder: OpaquePointer, _ rows: Rows, _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(ImageCodecError) {
        let size = rows.header.size
        let count = rows.header.interlaced ? size.height : 1
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: rows.bytes * count)
        buffer.initialize(repeating: 0, count: rows.bytes * count)
        defer { buffer.deallocate() }
        func deliver(_ row: UnsafeMutablePointer<UInt8>) {
            if rows.header.channels == 4 { composite(row, width: size.width) }
            body(UnsafeBufferPointer(start: row, count: size.width * 3))
        }
        for _ in 0..<rows.passes {
            for y in 0..<size.height {
                let row = rows.header.interlaced ? buffer + y * rows.bytes : buffer
                let status = cpng_decoder_read_row(decoder, row)
                guard status == CPNG_OK else { throw failure(decoder, status) }
                if !rows.header.interlaced { deliver(row) }
            }
        }
        if rows.header.interlaced {
            for y in 0..<size.height { deliver(buffer + y * rows.bytes) }
        }
        let status = cpng_decoder_finish(decoder)
        guard status == CPNG_OK else { throw failure(decoder, status) }
    }

    /// Composites an RGBA row over the background in place, leaving RGB in its first width × 3
    /// bytes: each channel `(c × a + b × (255 − a)) / 255`, rounded.
    private func composite(_ row: UnsafeMutablePointer<UInt8>, width: Int) {
        let back = (Int(background.red), Int(background.green), Int(background.blue))
        // Writing pixel x (at 3x) never reaches a byte of a later pixel (from 4x + 4) before it is read.
        for x in 0..<width {
            let red = Int(row[x * 4]), green = Int(row[x * 4 + 1]), blue = Int(row[x * 4 + 2]), alpha = Int(row[x * 4 + 3])
            let rest = 255 - alpha
            row[x * 3] = UInt8((red * alpha + back.0 * rest + 127) / 255)
            row[x * 3 + 1] = UInt8((green * alpha + back.1 * rest + 127) / 255)
            row[x * 3 + 2] = UInt8((blue * alpha + back.2 * rest + 127) / 255)
        }
    }

    private func failure(_ decoder: OpaquePointer, _ status: Int32, needed: Int = 0) -> ImageCodecError {
        switch status {
        case CPNG_EMPTY: return .empty
        case CPNG_OVER_BUDGET: return .overBudget(bytes: needed, limit: maxMemoryBytes)
        case CPNG_TOO_SLOW: return .tooSlow(limit: maxCPUTime)
        case CPNG_STOPPED: return .cancelled
        default:
            let message = String(cString: cpng_decoder_message(decoder))
            return .corrupt(message.isEmpty ? "unknown libpng error" : message)
        }
    }
}
