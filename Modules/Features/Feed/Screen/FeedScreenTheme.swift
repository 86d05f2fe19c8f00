import FeedInterface
import TerminalUIInterface

/// The style of each part of the screen. Colours are fixed here, so frames are stable; the writer
/// drops them when colour is off (`NO_COLOR`), keeping bold, dim and inverse.
struct FeedScreenTheme: Sendable {
    let title: Style
    let status: Style
    let author: Style
    let selectedAuthor: Style
    let selection: Style
    let photoFrame: Style
    let photoLabel: Style
    let liked: Style
    let notLiked: Style
    let unknown: Style
    let likes: Style
    let caption: Style
    /// A content warning: it reads apart from the caption, without colour too.
    let warning: Style
    /// How to reveal a hidden photo, over its BlurHash: legible on any colour.
    let hiddenLabel: Style
    let footer: Style
    let retry: Style
    let failure: Style
    let message: Style
    let callout: Style
    /// The offline banner: reverse video, so it reads without colour (`NO_COLOR`, a grey theme).
    let offline: Style
    let keyBar: Style
    let helpTitle: Style
    let helpKey: Style

    /// The colours for a dark background (cyan and yellow) or a light one (blue and dark yellow, which read on white).
    init(background: TerminalBackground = .dark) {
        let (accent, warning) = (background.accent, background.warning)
        title = Style(foreground: accent, bold: true)
        status = Style(foreground: .gray)
        author = Style(bold: true)
        selectedAuthor = Style(foreground: accent, bold: true)
        selection = Style(foreground: accent)
        photoFrame = Style(foreground: .gray)
        photoLabel = Style(foreground: .gray, dim: true)
        liked = Style(foreground: .red, bold: true)
        notLiked = Style.plain
        unknown = Style(foreground: .gray, dim: true)
        likes = Style.plain
        caption = Style.plain
        self.warning = Style(foreground: warning, bold: true)
        hiddenLabel = Style(bold: true, inverse: true)
        footer = Style(foreground: .gray)
        retry = Style(foreground: warning, bold: true)
        failure = Style(foreground: .red, bold: true)
        message = Style(foreground: .red, bold: true, inverse: true)
        callout = Style(foreground: accent, bold: true, inverse: true)
        offline = Style(foreground: warning, bold: true, inverse: true)
        keyBar = Style(inverse: true)
        helpTitle = Style(bold: true)
        helpKey = Style(foreground: accent, bold: true)
    }

    static let standard = FeedScreenTheme()

    func heart(_ state: HeartState) -> Style {
        switch state {
        case .liked: liked
        case .notLiked: notLiked
        case .unknown, .checking: unknown
        }
    }
}
