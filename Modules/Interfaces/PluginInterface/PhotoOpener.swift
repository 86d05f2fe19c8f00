import FeedInterface

/// Opens a post's photo outside the terminal, at full size (the system's image viewer). The host
/// provides it to the screens; a screen spawns nothing itself.
public protocol PhotoOpener: Sendable {
    /// Opens `row`'s photo; returns one line saying why it could not, or `nil` once it is opened.
    func open(_ row: PostRow) async -> String?
}

/// The help line of the key that opens the selected post's photo.
extension KeyHelpLine {
    /// `o`: the selected post's photo in the system's viewer (help overlay only, not the key bar).
    public static let openPhoto = KeyHelpLine(keys: "o", action: "open the photo in the system viewer", needsSelection: true)
}
