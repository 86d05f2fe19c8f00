import FeedInterface
import Foundation
import TerminalUIInterface
import Testing
@testable import Feed

/// Hearts never lie in any output: liked, not liked, unknown and checking each read differently on
/// the screen, in the plain frame and with `--ascii`; the plain frame says "Offline · Updated …".
@Suite struct HeartGlyphTests {
    /// The heart line of the first row of `state` in a plain frame.
    private func heartLine(_ heart: HeartState, ascii: Bool) -> String? {
        var row = ScreenFixtures.rows(like: .notLiked)[0]
        row.show(heart: heart, likeCount: row.likeCount)
        let state = FeedViewState(rows: [row], initialLoad: .loaded, pagination: .end, isRefreshing: false, message: nil)
        let text = FeedScreenRenderer.plainText(state: state, columns: 60, ascii: ascii)
        return text.split(separator: "\n").map(String.init).first { $0.contains("412 likes") }
    }

    @Test(arguments: [false, true]) func everyHeartReadsDifferentlyInThePlainFrame(ascii: Bool) throws {
        let glyphs = Glyphs.set(ascii: ascii)
        var lines: [HeartState: String] = [:]
        for heart in [HeartState.liked, .notLiked, .unknown, .checking] {
            let line: String = try #require(heartLine(heart, ascii: ascii))
            lines[heart] = line
        }
        #expect(Set(lines.values).count == 4, "\(lines)")
        #expect(lines[.liked]?.trimmingCharacters(in: .whitespaces).hasPrefix(glyphs.liked + " ") == true)
        #expect(lines[.notLiked]?.trimmingCharacters(in: .whitespaces).hasPrefix(glyphs.notLiked) == true)
        #expect(lines[.unknown]?.trimmingCharacters(in: .whitespaces).hasPrefix(glyphs.unknown + " ") == true)
        #expect(lines[.checking]?.trimmingCharacters(in: .whitespaces).hasPrefix(glyphs.checking + " ") == true)
    }

    @Test func asciiHeartsNeverReadAsDislikedAndKeepTheirWidth() {
        let ascii = Glyphs.ascii
        let hearts = [ascii.liked, ascii.notLiked, ascii.unknown, ascii.checking]
        #expect(!hearts.contains { $0.contains("</3") }, "</3 reads as disliked")
        #expect(Set(hearts).count == 4)
        #expect(Set(hearts.map(DisplayWidth.of)).count == 1, "a tap never moves the text after the heart")
        #expect(hearts.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
        let unicode = Glyphs.unicode
        #expect(Set([unicode.liked, unicode.notLiked, unicode.unknown, unicode.checking]).count == 4)
    }

    @Test func thePlainFrameShowsTheOfflineBannerOverSavedRowsNotTheError() throws {
        let now = Date(timeIntervalSince1970: 10_000)
        var state = ScreenFixtures.loaded()
        state.firstPageFailed(.offline(reason: "cannot reach 127.0.0.1:9"), rowsShown: true, savedAt: now.addingTimeInterval(-5 * 60))
        let text = FeedScreenRenderer.plainText(state: state, columns: 80, now: now)
        let title = try #require(text.split(separator: "\n").first.map(String.init))
        #expect(title.contains("Offline · Updated 5 minutes ago"), "\(title)")
        #expect(!text.contains("Couldn't refresh"))
        // The interactive screen still says what failed (until the message clears).
        let frame = FeedScreenRenderer.render(state: state, size: TerminalSize(columns: 80, rows: 24), options: FeedScreenOptions(now: now))
        #expect(frame.buffer.text(row: 0).contains("Couldn't refresh"))
    }
}
