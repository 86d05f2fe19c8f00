import Foundation
import ImageCodecTesting
import Testing

@testable import ImageCodec

@Suite("JPEGDecoder: a decode's bytes, scans and CPU time stay within its budget")
struct DecodeBudgetTests {
    let box = PixelSize(width: 26, height: 14)

    @Test("the attacker's file (6320×6320, 299 scans, 257 KB) is refused before any scan is read")
    func hostileRefused() throws {
        let data = ProgressiveJPEG.make(width: 6320, height: 6320, scans: 299)
        // Every coefficient of the image: 3 components × 790 × 790 blocks × 128 bytes.
        let coefficients = 3 * 790 * 790 * 128
        for body in [data, Self.cutAfterFirstScanHeader(data)] {
            do throws(ImageCodecError) {
                _ = try JPEGDecoder().decode(body, to: box)
                Issue.record("the hostile file decoded")
            } catch .overBudget(let bytes, let limit) {
                #expect(limit == 32 << 20)
                #expect(bytes > coefficients && bytes < coefficients + (8 << 20), "\(bytes) bytes")
            } catch {
                Issue.record("expected overBudget, got \(error)")
            }
        }
        #expect(try JPEGDecoder().dimensions(of: data) == PixelSize(width: 6320, height: 6320))
        #expect(ImageCodecError.overBudget(bytes: 241_000_000, limit: 32 << 20).description
            == "decoding the image would need 229.8 MB, more than the 32.0 MB allowed")
    }

    @Test("scans past the limit stop the decode; the limit itself decodes")
    func scanLimit() throws {
        let decoder = JPEGDecoder()
        #expect(decoder.maxScans == 100)
        #expect(try decoder.decode(ProgressiveJPEG.make(width: 512, height: 512, scans: 100), to: box).size == box)
        #expect(throws: ImageCodecError.tooManyScans(limit: 100)) {
            try decoder.decode(ProgressiveJPEG.make(width: 512, height: 512, scans: 101), to: box)
        }
        #expect(throws: ImageCodecError.tooManyScans(limit: 100)) {
            try decoder.decode(ProgressiveJPEG.make(width: 512, height: 512, scans: 299))
        }
    }

    @Test("a decode within the byte budget but past the CPU budget stops between rows")
    func cpuLimit() throws {
        // 2000×2000: 24 MB of coefficients, within 32 MB; 299 scans of 62,500 blocks each.
        let data = ProgressiveJPEG.make(width: 2000, height: 2000, scans: 299)
        let decoder = JPEGDecoder(maxScans: 400, maxCPUTime: .milliseconds(1))
        #expect(throws: ImageCodecError.tooSlow(limit: .milliseconds(1))) { try decoder.decode(data, to: box) }
    }

    @Test("a cancelled decode stops with .cancelled")
    func cancelled() throws {
        let data = ProgressiveJPEG.make(width: 512, height: 512, scans: 50)
        let cancellation = DecodeCancellation()
        #expect(try JPEGDecoder().decode(data, to: box, cancellation: cancellation).size == box)
        cancellation.cancel()
        #expect(cancellation.isCancelled)
        #expect(throws: ImageCodecError.cancelled) { try JPEGDecoder().decode(data, to: box, cancellation: cancellation) }
        #expect(throws: ImageCodecError.cancelled) { try JPEGDecoder().decode(data, cancellation: cancellation) }
    }

    @Test("a normal progressive photo decodes with its colours, at full size and to a box")
    func normalProgressive() throws {
        let source = Photos.halves(width: 1080, height: 1350, left: (220, 10, 10), right: (10, 10, 220))
        let data = try JPEGEncoder(quality: 90, progressive: true).encode(source)
        #expect(Self.markers(data).contains(0xC2), "SOF2: progressive")
        #expect(Self.markers(data).filter { $0 == 0xDA }.count > 1, "more than one scan")
        let image = try JPEGDecoder().decode(data, to: PixelSize(width: 20, height: 25))
        #expect(image.size == PixelSize(width: 20, height: 25))
        #expect(image.pixel(x: 2, y: 12).red > 180 && image.pixel(x: 17, y: 12).blue > 180)
        #expect(try JPEGDecoder().decode(data).size == source.size)
    }

    @Test("the pixels a decode produces count: a full-size decode past the budget is refused, a box is not")
    func pixelsCount() throws {
        let data = try JPEGEncoder().encode(RGBImage(width: 800, height: 600, red: 90, green: 90, blue: 90))
        let decoder = JPEGDecoder(maxMemoryBytes: 1 << 20)
        #expect(throws: ImageCodecError.self) { try decoder.decode(data) }
        do throws(ImageCodecError) {
            _ = try decoder.decode(data)
        } catch .overBudget(let bytes, _) {
            #expect(bytes > 800 * 600 * 3)
        } catch {
            Issue.record("expected overBudget, got \(error)")
        }
        #expect(try decoder.decode(data, to: box).size == box)
    }

    /// The file up to the end of its first SOS segment: no scan data at all.
    static func cutAfterFirstScanHeader(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard let sos = (0..<bytes.count - 3).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }) else { return data }
        let length = Int(bytes[sos + 2]) << 8 | Int(bytes[sos + 3])
        return Data(bytes[..<(sos + 2 + length)])
    }

    /// The marker bytes of every segment, in order (scan data skipped).
    static func markers(_ data: Data) -> [UInt8] {
        let bytes = [UInt8](data)
        var found: [UInt8] = []
        var index = 2
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { index += 1; continue }
            let marker = bytes[index + 1]
            if marker == 0x00 || marker == 0xFF || (0xD0...0xD7).contains(marker) { index += 1; continue }
            found.append(marker)
            if marker == 0xD9 { break }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        return found
    }
}
