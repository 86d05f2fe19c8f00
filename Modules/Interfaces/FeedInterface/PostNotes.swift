/// What a server adds to a post besides its photo and text: who boosted it into the feed, a
/// content warning, a photo marked sensitive (the Mastodon API's `reblog`, `spoiler_text`, `sensitive`).
public struct PostNotes: Hashable, Sendable {
    /// The name of who boosted the post into this feed, when it came as a boost.
    public let boostedBy: String?
    /// The content warning that hides the caption and photo until the reader reveals them.
    public let contentWarning: String?
    /// Whether the photo is marked sensitive: only its placeholder shows until the reader reveals it.
    public let sensitive: Bool

    /// Notes; an empty name or warning counts as none.
    public init(boostedBy: String? = nil, contentWarning: String? = nil, sensitive: Bool = false) {
        self.boostedBy = boostedBy.flatMap { $0.isEmpty ? nil : $0 }
        self.contentWarning = contentWarning.flatMap { $0.isEmpty ? nil : $0 }
        self.sensitive = sensitive
    }

    /// No notes: a post of the feed API.
    public static let none = PostNotes()

    /// Whether something waits for the reader to reveal it (a content warning or a sensitive photo).
    public var hidesContent: Bool { contentWarning != nil || sensitive }
}
