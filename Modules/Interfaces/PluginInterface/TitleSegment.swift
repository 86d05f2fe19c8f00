/// A follow-up's part of a screen's title line, shown when no message is.
public struct TitleSegment: Hashable, Sendable {
    /// How the segment stands with the others.
    public enum Kind: Hashable, Sendable {
        /// Stands alone, highlighted, over every status (a pill: "↑ 3 new posts · n").
        case callout
        /// Joined with the other statuses by a separator ("2 likes waiting to send").
        case status
    }

    /// The text; ` · ` is drawn with the screen's separator.
    public let text: String
    /// Callout or status.
    public let kind: Kind

    /// Creates a segment.
    public init(_ text: String, kind: Kind = .status) {
        self.text = text
        self.kind = kind
    }
}
