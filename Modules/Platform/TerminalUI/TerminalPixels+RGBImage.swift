import ImageCodec
import TerminalUIInterface

/// Terminal pixels from a decoded image.
extension TerminalPixels {
    /// `image`'s pixels (an `RGBImage` always holds a valid count; the bytes are shared).
    init(_ image: RGBImage) {
        guard let pixels = TerminalPixels(width: image.width, height: image.height, rgb: image.pixels) else {
            preconditionFailure("RGBImage holds width × height × 3 bytes")
        }
        self = pixels
    }
}
