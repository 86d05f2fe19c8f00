/// The characters the screens draw with: Unicode, or plain ASCII with `--ascii`.
public struct Glyphs: Sendable {
    public let liked: String
    public let notLiked: String
    public let unknown: String
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
        liked: "♥", notLiked: "♡", unknown: "♡", selection: "▌",
        boxTopLeft: "┌", boxTopRight: "┐", boxBottomLeft: "└", boxBottomRight: "┘",
        boxHorizontal: "─", boxVertical: "│",
        spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
        ellipsis: "…", separator: "·", dash: "—", up: "↑"
    )

    /// Plain ASCII only, for `--ascii` and terminals without Unicode.
    public static let ascii = Glyphs(
        liked: "<3", notLiked: "</3", unknown: "</3", selection: "|",
        boxTopLeft: "+", boxTopRight: "+", boxBottomLeft: "+", boxBottomRight: "+",
        boxHorizontal: "-", boxVertical: "|",
        spinner: ["|", "/", "-", "\\"],
        ellipsis: "...", separator: "-", dash: "--", up: "^"
    )

    /// The heart for a like state: liked, not liked, or unknown (`nil`).
    public func heart(_ liked: Bool?) -> String {
        switch liked {
        case true?: self.liked
        case false?: notLiked
        case nil: unknown
        }
    }

    /// The Unicode or ASCII set.
    public static func set(ascii: Bool) -> Glyphs { ascii ? .ascii : .unicode }

    /// The spinner frame for clock tick `tick`.
    public func spinner(_ tick: Int) -> String {
        spinner[((tick % spinner.count) + spinner.count) % spinner.count]
    }
}
