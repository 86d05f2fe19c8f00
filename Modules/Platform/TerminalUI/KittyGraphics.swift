import Foundation
import ImageCodec

/// The kitty graphics protocol's escape sequences (https://sw.kovidgoyal.net/kitty/graphics-protocol/):
/// the pixels as PNG (`f=100`: filtered and deflated, several times smaller than raw RGB), sent
/// once per image id in base64 chunks, then placed at the cursor over a box of cells (the
/// terminal scales the pixels to the box), never moving the cursor.
public enum KittyGraphics {
    /// The most base64 characters one escape sequence carries (the protocol's limit).
    public static let chunkSize = 4096

    /// Sends `image`'s pixels as image `id`, as PNG, without showing it (`a=t`): every pixel,
    /// written to a file of `files` for the terminal to read and delete (`t=t`, a path in place of
    /// the pixels) where given and the file could be written; else through the terminal in base64
    /// chunks as a palette PNG of the photo's own 256 colours (a quarter of the bytes or less).
    public static func transmit(_ image: RGBImage, id: UInt32, files: KittyTempFiles? = nil) -> String {
        if let files, let path = files.write(PNGEncoder.encode(image)) {
            return "\u{1B}_Ga=t,t=t,f=100,i=\(id),q=2;\(Data(path.utf8).base64EncodedString())\u{1B}\\"
        }
        let payload = PNGEncoder.encodePalette(image).base64EncodedString()
        var out = ""
        var start = payload.startIndex
        var first = true
        repeat {
            let end = payload.index(start, offsetBy: chunkSize, limitedBy: payload.endIndex) ?? payload.endIndex
            let more = end < payload.endIndex ? 1 : 0
            let control = first ? "a=t,f=100,i=\(id),q=2,m=\(more)" : "m=\(more)"
            out += "\u{1B}_G\(control);\(payload[start..<end])\u{1B}\\"
            start = end
            first = false
        } while start < payload.endIndex
        return out
    }

    /// Shows image `id`'s pixel rows `pixelRows` (all of its width) over `columns` × `rows` cells
    /// from the cursor, as placement 1 of that image; the cursor stays where it is (`C=1`).
    public static func place(id: UInt32, width: Int, pixelRows: Range<Int>, columns: Int, rows: Int) -> String {
        "\u{1B}_Ga=p,i=\(id),p=1,x=0,y=\(pixelRows.lowerBound),w=\(width),h=\(pixelRows.count),c=\(columns),r=\(rows),C=1,q=2\u{1B}\\"
    }

    /// Removes every placement from the screen, keeping the images' pixels for later placements.
    public static let deleteAllPlacements = "\u{1B}_Ga=d,d=a,q=2\u{1B}\\"

    /// Frees image `id`'s pixels (and removes its placements).
    public static func delete(id: UInt32) -> String {
        "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"
    }
}
