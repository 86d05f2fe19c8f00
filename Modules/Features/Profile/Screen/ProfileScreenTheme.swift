import TerminalUIInterface

/// The style of each part of the profile screen, matching the feed's.
struct ProfileScreenTheme: Sendable {
    let title: Style
    let status: Style
    let frame: Style
    let selectedFrame: Style
    let label: Style
    let liked: Style
    let unknown: Style
    let footer: Style
    let retry: Style
    let failure: Style
    let message: Style
    let keyBar: Style
    let helpKey: Style

    /// The colours for a dark background (cyan and yellow) or a light one (blue and dark yellow, which read on white).
    init(background: TerminalBackground = .dark) {
        let (accent, warning) = (background.accent, background.warning)
        title = Style(foreground: accent, bold: true)
        status = Style(foreground: .gray)
        frame = Style(foreground: .gray)
        selectedFrame = Style(foreground: accent, bold: true)
        label = Style(foreground: .gray, dim: true)
        liked = Style(foreground: .red, bold: true)
        unknown = Style(foreground: .gray, dim: true)
        footer = Style(foreground: .gray)
        retry = Style(foreground: warning, bold: true)
        failure = Style(foreground: .red, bold: true)
        message = Style(foreground: .red, bold: true, inverse: true)
        keyBar = Style(inverse: true)
        helpKey = Style(foreground: accent, bold: true)
    }

    static let standard = ProfileScreenTheme()
}
