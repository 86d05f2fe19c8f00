/// The characters the screens draw with: Unicode, or plain ASCII with `--ascii`.
public struct Glyphs: Sendable {
    /// The heart of a liked post.
    public let liked: String
    /// The heart of a post not liked.
    public let notLiked: String
    /// The heart when the likes read failed: nobody knows, so neither of the two above.
    public let unknown: String
    /// The heart while the likes read is still under way.
    public let checking: String
    public let selection: String
    public let boxTopLeft: Character
    public let boxTopRight: Character
    public let boxBottomLeft: Character
    public let boxBottomRight: Character
    public let boxHorizontal: Character
    public let boxVertical: Character
    public let spinner: [String]
    public let ellipsis: String
    public let separator: String
    public let dash: String
    /// An arrow up, for "newer above".
    public let up: String

    /// Unicode hearts, box drawing and a braille spinner.
    public static let unicode = Glyphs(
        liked: "♥", notLiked: "♡", unknown: "?", checking: "◌", selection: "▌",
        boxTopLeft: "┌", boxTopRight: "┐", boxBottomLeft: "└", boxBottomRight: "┘",
        boxHorizontal: "─", boxVertical: "│",
        spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
        ellipsis: "…", separator: "·", dash: "—", up: "↑"
    )

    /// Plain ASCII only, for `--ascii` and terminals without Unicode. The hearts read like check
    /// boxes, all four wide: a filled one liked, an empty one not liked (never `</3`, "disliked").
    public static let ascii = Glyphs(
        liked: "[<3]", notLiked: "[  ]", unknown: "[??]", checking: "[..]", selection: "|",
        boxTopLeft: "+", boxTopRight: "+", boxBottomLeft: "+", boxBottomRight: "+",
        boxHorizontal: "-", boxVertical: "|",
        spinner: ["|", "/", "-", "\\"],
        ellipsis: "...", separator: "-", dash: "--", up: "^"
    )

    /// The heart for a like state: liked, not liked, or (`nil`) checking while the likes read is
    /// under way, else unknown.
    public func heart(_ liked: Bool?, checking isChecking: Bool = false) -> String {
        switch liked {
        case true?: self.liked
        case false?: notLiked
        case nil: isChecking ? checking : unknown
        }
    }

    /// Whether this is the ASCII set (no block symbols either).
    public var isASCII: Bool { liked == Glyphs.ascii.liked }

    /// The Unicode or ASCII set.
    public static func set(ascii: Bool) -> Glyphs { ascii ? .ascii : .unicode }

    /// The spinner frame for clock tick `tick`.
    public func spinner(_ tick: Int) -> String {
        spinner[((tick % spinner.count) + spinner.count) % spinner.count]
    }
}
