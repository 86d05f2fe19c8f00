import Foundation

/// Where a post's photo lives and its size in pixels, known before any pixel arrives.
public struct ImageRef: Hashable, Sendable {
    /// The photo's address.
    public let url: URL
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The photo's dominant colour, when the server sent one.
    public let placeholder: PhotoColor?
    /// The widths the server offers, narrowest first; empty when it offers none (then `?w=` is asked).
    public let renditions: [ImageRendition]
    /// The photo's BlurHash (a few colours in a short text), drawn in its box before any pixel arrives.
    public let blurHash: String?

    /// Creates a photo reference.
    public init(
        url: URL, width: Int, height: Int, placeholder: PhotoColor? = nil, renditions: [ImageRendition] = [], blurHash: String? = nil
    ) {
        self.url = url
        self.width = width
        self.height = height
        self.placeholder = placeholder
        self.renditions = renditions
        self.blurHash = blurHash
    }

    /// Width ÷ height, so a row has its size before the photo; 1 when a side is not positive.
    public var aspectRatio: Double {
        guard width > 0, height > 0 else { return 1 }
        return Double(width) / Double(height)
    }

    /// The narrowest rendition at least `pixels` wide (else the widest), or `nil` when none is offered.
    public func rendition(atLeast pixels: Int) -> ImageRendition? {
        renditions.first { $0.width >= pixels } ?? renditions.last
    }
}
