import TerminalUI

/// The style of each part of the profile screen, matching the feed's.
struct ProfileScreenTheme: Sendable {
    let title = Style(foreground: .cyan, bold: true)
    let status = Style(foreground: .gray)
    let frame = Style(foreground: .gray)
    let selectedFrame = Style(foreground: .cyan, bold: true)
    let label = Style(foreground: .gray, dim: true)
    let liked = Style(foreground: .red, bold: true)
    let unknown = Style(foreground: .gray, dim: true)
    let footer = Style(foreground: .gray)
    let retry = Style(foreground: .yellow, bold: true)
    let failure = Style(foreground: .red, bold: true)
    let message = Style(foreground: .red, bold: true, inverse: true)
    let keyBar = Style(inverse: true)
    let helpKey = Style(foreground: .cyan, bold: true)

    static let standard = ProfileScreenTheme()
}
