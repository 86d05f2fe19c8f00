import Foundation

/// One width of a photo that the API offers (`image.renditions`): its address and pixel width.
public struct PhotoRendition: Hashable, Sendable {
    /// Pixels across.
    public var width: Int
    /// Where this width is downloaded from.
    public var url: URL

    /// Creates a rendition.
    public init(width: Int, url: URL) {
        self.width = width
        self.url = url
    }
}
