import CPNGShim
import Foundation
import ImageCodecTesting
import Synchronization
import Testing

@Suite("CPNGShim: the stop flag is looked at before every row")
struct PNGShimTests {
    /// The flag the shim's should_stop reads.
    final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }

    @Test("raised after row 10 of 40, the eleventh row is not read: CPNG_STOPPED, and the rows before are whole")
    func stopsBetweenRows() {
        let samples = (0..<(8 * 40)).map { UInt16($0 / 8 * 6) }
        let file = PNGWriter.make(width: 8, height: 40, colorType: .grey, bitDepth: 8, samples: samples)
        let flag = Flag()
        var rows: [[UInt8]] = []
        let statuses: [Int32] = withExtendedLifetime(flag) {
            file.withUnsafeBytes { raw in
                var limits = cpng_limits()
                limits.context = Unmanaged.passUnretained(flag).toOpaque()
                limits.should_stop = { context in
                    guard let context else { return 0 }
                    return Unmanaged<Flag>.fromOpaque(context).takeUnretainedValue().raised.load(ordering: .relaxed) ? 1 : 0
                }
                guard let base = raw.bindMemory(to: UInt8.self).baseAddress, let decoder = cpng_decoder_create(base, raw.count, limits) else { return [] }
                defer { cpng_decoder_destroy(decoder) }
                var header = cpng_header()
                var statuses = [cpng_decoder_read_header(decoder, &header)]
                var channels: Int32 = 0, rowBytes = 0, passes: Int32 = 0
                statuses.append(cpng_decoder_start(decoder, 0, &channels, &rowBytes, &passes))
                var row = [UInt8](repeating: 0, count: rowBytes)
                for index in 0..<40 where statuses.last == CPNG_OK {
                    if index == 10 { flag.raised.store(true, ordering: .relaxed) }
                    statuses.append(cpng_decoder_read_row(decoder, &row))
                    if statuses.last == CPNG_OK { rows.append(row) }
                }
                return statuses
            }
        }
        #expect(statuses == [CPNG_OK, CPNG_OK] + [Int32](repeating: CPNG_OK, count: 10) + [CPNG_STOPPED])
        #expect(rows.count == 10)
        for (y, row) in rows.enumerated() { #expect(row == [UInt8](repeating: UInt8(y * 6), count: 8 * 3), "row \(y)") }
    }
}
