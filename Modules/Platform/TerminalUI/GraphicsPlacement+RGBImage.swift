import ImageCodec
import TerminalUIInterface

/// A placement made from, and read as, a decoded image.
extension GraphicsPlacement {
    /// A placement of `image` (see `init(key:image:row:column:columns:rows:shown:)`).
    public init(key: String, image: RGBImage, row: Int, column: Int, columns: Int, rows: Int, shown: Range<Int>) {
        self.init(key: key, image: TerminalPixels(image), row: row, column: column, columns: columns, rows: rows, shown: shown)
    }

    /// The placement's pixels as an image, for the encoders (the bytes are shared, not copied).
    var rgbImage: RGBImage { RGBImage(width: image.width, height: image.height, pixels: image.rgb) }
}
