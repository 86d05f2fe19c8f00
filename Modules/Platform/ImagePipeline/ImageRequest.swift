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

    /// Creates a request.
    public init(url: URL, size: PixelSize, priority: ImagePriority = .visible) {
        self.url = url
        self.size = size
        self.priority = priority
    }

    /// What identifies the decoded image in the memory cache.
    var key: ImageKey { ImageKey(url: url, size: size) }
}

/// A decoded image's identity: the same photo at another size is another image.
struct ImageKey: Hashable, Sendable {
    let url: URL
    let size: PixelSize
}
