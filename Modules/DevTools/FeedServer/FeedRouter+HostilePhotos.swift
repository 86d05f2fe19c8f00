import Foundation
import HTTPServer

/// Photos that are not what they claim (`hostilePhotoShare`): what a broken or malicious CDN
/// could send. Which ids are hostile, and how, depends on the id and the seed only.
enum HostilePhoto: CaseIterable, Sendable {
    /// 4 KiB of seeded random bytes labelled `image/jpeg`.
    case garbage
    /// The first half of the real JPEG (no end-of-image marker).
    case truncated
    /// A progressive JPEG header claiming 30000×30000 pixels, then a few bytes of scan and the end:
    /// a decoder that allocates by the header asks for gigabytes.
    case hugeProgressive
    /// The real photo after a 2 s stall.
    case slow

    /// The hostile kind of photo `id`, or nil for an honest one, with `share` of the ids hostile.
    static func of(_ id: String, seed: UInt64, share: Double) -> HostilePhoto? {
        guard share > 0 else { return nil }
        var random = SplitMix64(seed: seed ^ id.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 })
        guard random.chance(share) else { return nil }
        return random.pick(allCases)
    }

    /// The body of a hostile photo; `jpeg` is the honest one (for `truncated`).
    func body(honest jpeg: Data, seed: UInt64) -> Data {
        switch self {
        case .garbage:
            var random = SplitMix64(seed: seed)
            return Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        case .truncated:
            return jpeg.prefix(max(2, jpeg.count / 2))
        case .hugeProgressive:
            let side: [UInt8] = [0x75, 0x30]  // 30000
            var bytes: [UInt8] = [0xFF, 0xD8]
            // SOF2 (progressive), 8 bits, height, width, 3 components.
            bytes += [0xFF, 0xC2, 0x00, 0x11, 0x08] + side + side + [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
            // A DC-only Huffman table (one code), a scan header, a few bytes of scan, the end.
            bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
            bytes += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01]
            bytes += [UInt8](repeating: 0x00, count: 64) + [0xFF, 0xD9]
            return Data(bytes)
        case .slow:
            return jpeg
        }
    }
}
