import Foundation

/// Asks the server for a photo near the size it will be shown at, from a few fixed widths so
/// rows of slightly different sizes share downloads and cache entries.
public enum PhotoURL {
    /// The widths asked for.
    public static let widths = [150, 300, 600, 1080]

    /// `url` with its `w` query item set to the first of `widths` at least `pixelWidth` (the largest otherwise).
    public static func sized(_ url: URL, pixelWidth: Int) -> URL {
        let width = widths.first { $0 >= pixelWidth } ?? widths[widths.count - 1]
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != "w" }
        items.append(URLQueryItem(name: "w", value: String(width)))
        components.queryItems = items
        return components.url ?? url
    }
}
