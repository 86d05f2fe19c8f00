import Foundation

/// Picks the address to download a photo from for a box of a given pixel width: one of the
/// renditions the API offers, or the photo's address with a `w` from a few fixed widths (so rows
/// of slightly different sizes share downloads and cache entries).
public enum PhotoURL {
    /// The widths asked for when the API offers no renditions.
    public static let widths = [150, 300, 600, 1080]

    /// How many pixels of the download each pixel of the box gets, a side. A JPEG's own loss (8×8
    /// blocks, chroma at half resolution) shows at the box's size when the download is about as
    /// wide as the box, and averages out over several pixels (`feed-bench l`: 44–46 dB at 4×
    /// where `?w=150` gave 40–45 dB on the same boxes).
    public static let oversampling = 4

    /// The width to download for a box `boxWidth` pixels wide.
    public static func downloadWidth(forBox boxWidth: Int) -> Int {
        max(1, min(boxWidth, 1 << 20)) * oversampling
    }

    /// `url` with its `w` query item set to the first of `widths` at least `pixelWidth` (the largest otherwise).
    public static func sized(_ url: URL, pixelWidth: Int) -> URL {
        let width = widths.first { $0 >= pixelWidth } ?? widths[widths.count - 1]
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != "w" }
        items.append(URLQueryItem(name: "w", value: String(width)))
        components.queryItems = items
        return components.url ?? url
    }

    /// The photo at full size, `width` pixels wide as the API says: the narrowest usable rendition
    /// at least that wide (the widest when the width is unknown), else `url` without its `w` query item.
    public static func original(width: Int, renditions: [PhotoRendition], fallback url: URL) -> URL {
        let usable = renditions.filter { $0.width > 0 && ["http", "https"].contains($0.url.scheme?.lowercased() ?? "") }
        let full = width > 0 ? usable.filter { $0.width >= width }.min { $0.width < $1.width } : usable.max { $0.width < $1.width }
        if let full { return full.url }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), let items = components.queryItems else { return url }
        let kept = items.filter { $0.name != "w" }
        components.queryItems = kept.isEmpty ? nil : kept
        return components.url ?? url
    }

    /// The rendition to download for `pixelWidth`: the smallest of `renditions` at least that
    /// wide, the widest when none is; with no usable rendition (none, or none with a positive
    /// width and an http(s) address), `sized(url, pixelWidth:)`.
    public static func chosen(pixelWidth: Int, renditions: [PhotoRendition], fallback url: URL) -> URL {
        let usable = renditions.filter { $0.width > 0 && ["http", "https"].contains($0.url.scheme?.lowercased() ?? "") }
        guard let widest = usable.max(by: { $0.width < $1.width }) else { return sized(url, pixelWidth: pixelWidth) }
        let fitting = usable.filter { $0.width >= pixelWidth }.min { $0.width < $1.width }
        return (fitting ?? widest).url
    }
}
