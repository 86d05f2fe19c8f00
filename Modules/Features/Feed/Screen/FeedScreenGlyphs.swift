import FeedInterface
/// The characters the screen draws with: Unicode, or plain ASCII with `--ascii`.
struct FeedScreenGlyphs: Sendable {
    let liked: String
    let notLiked: String
    let unknown: String
    let selection: String
    let boxTopLeft: Character
    let boxTopRight: Character
    let boxBottomLeft: Character
    let boxBottomRight: Character
    let boxHorizontal: Character
    let boxVertical: Character
    let spinner: [String]
    let ellipsis: String
    let separator: String
    let dash: String

    static let unicode = FeedScreenGlyphs(
        liked: "♥", notLiked: "♡", unknown: "♡", selection: "▌",
        boxTopLeft: "┌", boxTopRight: "┐", boxBottomLeft: "└", boxBottomRight: "┘",
        boxHorizontal: "─", boxVertical: "│",
        spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
        ellipsis: "…", separator: "·", dash: "—"
    )

    static let ascii = FeedScreenGlyphs(
        liked: "<3", notLiked: "</3", unknown: "</3", selection: "|",
        boxTopLeft: "+", boxTopRight: "+", boxBottomLeft: "+", boxBottomRight: "+",
        boxHorizontal: "-", boxVertical: "|",
        spinner: ["|", "/", "-", "\\"],
        ellipsis: "...", separator: "-", dash: "--"
    )

    /// The heart for `state`.
    func heart(_ state: HeartState) -> String {
        switch state {
        case .liked: liked
        case .notLiked: notLiked
        case .unknown: unknown
        }
    }

    /// The spinner frame for clock tick `tick`.
    func spinner(_ tick: Int) -> String {
        spinner[((tick % spinner.count) + spinner.count) % spinner.count]
    }
}
