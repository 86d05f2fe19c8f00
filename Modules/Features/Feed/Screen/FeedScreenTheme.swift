import FeedInterface
import TerminalUI

/// The style of each part of the screen. Colours are fixed here, so frames are stable; the writer
/// drops them when colour is off (`NO_COLOR`), keeping bold, dim and inverse.
struct FeedScreenTheme: Sendable {
    let title = Style(foreground: .cyan, bold: true)
    let status = Style(foreground: .gray)
    let author = Style(bold: true)
    let selectedAuthor = Style(foreground: .cyan, bold: true)
    let selection = Style(foreground: .cyan)
    let photoFrame = Style(foreground: .gray)
    let photoLabel = Style(foreground: .gray, dim: true)
    let liked = Style(foreground: .red, bold: true)
    let notLiked = Style.plain
    let unknown = Style(foreground: .gray, dim: true)
    let likes = Style.plain
    let caption = Style.plain
    let footer = Style(foreground: .gray)
    let retry = Style(foreground: .yellow, bold: true)
    let failure = Style(foreground: .red, bold: true)
    let message = Style(foreground: .red, bold: true, inverse: true)
    let callout = Style(foreground: .cyan, bold: true, inverse: true)
    /// The offline banner: reverse video, so it reads without colour (`NO_COLOR`, a grey theme).
    let offline = Style(foreground: .yellow, bold: true, inverse: true)
    let keyBar = Style(inverse: true)
    let helpTitle = Style(bold: true)
    let helpKey = Style(foreground: .cyan, bold: true)

    static let standard = FeedScreenTheme()

    func heart(_ state: HeartState) -> Style {
        switch state {
        case .liked: liked
        case .notLiked: notLiked
        case .unknown, .checking: unknown
        }
    }
}
