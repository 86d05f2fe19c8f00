import Foundation

/// One width the server offers a photo at (`image.renditions`).
public struct ImageRendition: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Where that width is served.
    public let url: URL

    /// Creates a rendition.
    public init(width: Int, url: URL) {
        self.width = width
        self.url = url
    }
}
