import Foundation
import FeedInterface
import ImageCodec
import ImagePipeline

/// A post's photo in the photo pipeline's terms: the one mapping from a row's address and
/// renditions to what a screen asks for and what the system viewer opens.
public enum PostPhoto {
    /// The renditions `row` offers, as the pipeline chooses among them.
    public static func renditions(of row: PostRow) -> [PhotoRendition] {
        row.renditions.map { PhotoRendition(width: $0.width, url: $0.url) }
    }

    /// The request for `row`'s photo decoded to `pixels`: for block cells (`mosaic` given, or
    /// `oversampled`) downloaded at a few times the box's width so the JPEG's own loss does not
    /// show; for a graphics protocol at the box's width, the pixels the terminal shows. `nil` for a text post.
    public static func request(for row: PostRow, pixels: PixelSize, mosaic: CellMosaic?, oversampled: Bool) -> ImageRequest? {
        guard let imageURL = row.imageURL else { return nil }
        let width = oversampled ? PhotoURL.downloadWidth(forBox: pixels.width) : pixels.width
        let url = PhotoURL.chosen(pixelWidth: width, renditions: renditions(of: row), fallback: imageURL)
        return ImageRequest(url: url, size: pixels, mosaic: mosaic)
    }

    /// The address of `row`'s photo at full size (its widest rendition up to the original's width); `nil` for a text post.
    public static func originalURL(of row: PostRow) -> URL? {
        row.imageURL.map { PhotoURL.original(width: row.imageWidth, renditions: renditions(of: row), fallback: $0) }
    }
}
