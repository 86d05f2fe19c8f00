/// The pixels a graphics protocol draws over a box of cells: 8-bit RGB, row by row. The
/// terminal's own value, so a screen buffer carries photos without naming an image codec.
public struct TerminalPixels: Hashable, Sendable {
    /// Pixels across, at least 1.
    public let width: Int
    /// Pixels down, at least 1.
    public let height: Int
    /// `width * height * 3` bytes, row by row.
    public let rgb: [UInt8]

    /// Pixels of `width` × `height`; nil unless both are positive and `rgb` holds exactly
    /// `width * height * 3` bytes (checked without overflow).
    public init?(width: Int, height: Int, rgb: [UInt8]) {
        guard width > 0, height > 0 else { return nil }
        let (area, overflowA) = width.multipliedReportingOverflow(by: height)
        let (bytes, overflowB) = area.multipliedReportingOverflow(by: 3)
        guard !overflowA, !overflowB, bytes == rgb.count else { return nil }
        self.width = width
        self.height = height
        self.rgb = rgb
    }
}
