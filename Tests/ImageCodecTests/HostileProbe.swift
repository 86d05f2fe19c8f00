import Foundation
import ImageCodecTesting
import Testing

@testable import ImageCodec

/// Run by hand, to measure what the hostile file costs (docs/photos.md):
/// `JPEG_PROBE=1 /usr/bin/time -v .build/debug/FeedPackageTests.xctest --testing-library swift-testing --filter HostileProbe`
@Suite("Probe: the cost of one hostile progressive JPEG (JPEG_PROBE=1)")
struct HostileProbe {
    /// `JPEG_PROBE_FILE=WIDTHxHEIGHTxSCANS` probes another crafted file (default 6320x6320x299).
    @Test("decode the 6320×6320, 299-scan file to a 26×14 box", .enabled(if: ProcessInfo.processInfo.environment["JPEG_PROBE"] != nil))
    func decodeHostile() {
        let shape = (ProcessInfo.processInfo.environment["JPEG_PROBE_FILE"] ?? "6320x6320x299").split(separator: "x").compactMap { Int($0) }
        let data = ProgressiveJPEG.make(width: shape[0], height: shape[1], scans: shape[2])
        let clock = ContinuousClock()
        let start = clock.now
        let cpu = Self.cpuSeconds()
        let outcome: String
        do {
            outcome = "decoded \(try JPEGDecoder().decode(data, to: PixelSize(width: 26, height: 14)).size)"
        } catch {
            outcome = "refused: \(error)"
        }
        print("probe: \(data.count) bytes; \(outcome); wall \(clock.now - start); cpu \(String(format: "%.2f", Self.cpuSeconds() - cpu)) s")
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
