import Foundation
import ImageCodec

/// A photo at a pixel size: the URL to fetch and the size to decode it to.
public struct ImageRequest: Hashable, Sendable {
    /// The photo's absolute http(s) address.
    public var url: URL
    /// The size of the decoded image, e.g. a terminal box's columns × rows·2.
    public var size: PixelSize
    /// How soon it is wanted.
    public var priority: ImagePriority
    /// The per-cell fit the decoded image gets (on the decode thread), e.g. quadrant blocks': the
    /// image delivered is then the packed fit (`CellMosaic.pack`), not pixels.
    public var mosaic: CellMosaic?

    /// Creates a request.
    public init(url: URL, size: PixelSize, mosaic: CellMosaic? = nil, priority: ImagePriority = .visible) {
        self.url = url
        self.size = size
        self.mosaic = mosaic
        self.priority = priority
    }

    /// What identifies the decoded image in the memory cache.
    var key: ImageKey { ImageKey(url: url, size: size, mosaic: mosaic) }
}

/// A decoded image's identity: the same photo at another size, or fitted otherwise, is another image.
struct ImageKey: Hashable, Sendable {
    let url: URL
    let size: PixelSize
    let mosaic: CellMosaic?
}
