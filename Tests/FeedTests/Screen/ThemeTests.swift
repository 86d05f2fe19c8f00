import FeedInterface
import Testing
import TerminalUIInterface

@testable import Feed

/// `--theme`: on a light background the accents are blue and dark yellow, which read on white;
/// on a dark one cyan and yellow. Nothing but the colours changes.
@Suite struct ThemeTests {
    let size = TerminalSize(columns: 80, rows: 24)

    func frame(_ background: TerminalBackground, state: FeedViewState = ScreenFixtures.loaded()) -> ScreenBuffer {
        var options = FeedScreenOptions()
        options.background = background
        return FeedScreenRenderer.render(state: state, size: size, options: options).buffer
    }

    /// The style of the first cell whose text starts `text` on `row`.
    func style(of text: String, in buffer: ScreenBuffer) -> Style? {
        for row in 0..<buffer.size.rows {
            let line = (0..<buffer.size.columns).map { String(buffer[row, $0].grapheme) }.joined()
            if let range = line.range(of: text) { return buffer[row, line.distance(from: line.startIndex, to: range.lowerBound)].style }
        }
        return nil
    }

    @Test func theSelectedAuthorAndTheTitleTakeTheAccentOfTheBackground() throws {
        let dark = frame(.dark), light = frame(.light)
        #expect(try #require(style(of: "@ana", in: dark)).foreground == .cyan)
        #expect(try #require(style(of: "@ana", in: light)).foreground == .blue)
        #expect(try #require(style(of: "Feed", in: dark)).foreground == .cyan)
        #expect(try #require(style(of: "Feed", in: light)).foreground == .blue)
        // The same text in the same cells: only colours differ.
        for row in 0..<size.rows {
            for column in 0..<size.columns { #expect(dark[row, column].grapheme == light[row, column].grapheme) }
        }
    }

    @Test func warningsAreDarkYellowOnALightBackground() {
        #expect(FeedScreenTheme(background: .dark).retry.foreground == .yellow)
        #expect(FeedScreenTheme(background: .light).retry.foreground == .rgb(red: 135, green: 85, blue: 0))
        #expect(FeedScreenTheme(background: .light).offline.inverse)
        #expect(FeedScreenTheme(background: .light).liked == FeedScreenTheme(background: .dark).liked)
    }
}
