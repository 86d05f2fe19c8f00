import Foundation

/// Where a post's photo lives and its size in pixels, known before any pixel arrives.
public struct ImageRef: Hashable, Sendable {
    /// The photo's address.
    public let url: URL
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// Creates a photo reference.
    public init(url: URL, width: Int, height: Int) {
        self.url = url
        self.width = width
        self.height = height
    }

    /// Width ÷ height, so a row has its size before the photo; 1 when a side is not positive.
    public var aspectRatio: Double {
        guard width > 0, height > 0 else { return 1 }
        return Double(width) / Double(height)
    }
}
