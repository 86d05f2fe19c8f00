import FeedInterface
import Foundation
import ImageCodec
import TerminalUIInterface
import Testing
@testable import Profile

/// A profile cell of a status whose photo is hidden (sensitive, or under a content warning) shows
/// only its BlurHash, never the photo, even once loaded; a text post shows its words in the box.
@Suite struct ProfileHiddenCellTests {
    let size = TerminalSize(columns: 80, rows: 24)

    private func row(notes: PostNotes, photo: Bool = true) -> PostRow {
        let image = photo ? ImageRef(url: URL(string: "https://img.example/s1.jpg")!, width: 800, height: 800, blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj") : nil
        return PostRow(post: Post(id: "s1", author: Author(id: "a", name: "ana"), caption: "words", image: image, likeCount: 1, like: .notLiked, notes: notes))
    }

    @Test func aSensitivePhotoShowsOnlyItsBlurHashEvenWhenLoaded() {
        let layout = ProfileCellLayout(grid: ProfileGrid(size: size), glyphs: .unicode)
        let photo = RGBImage(width: 40, height: 40, red: 1, green: 2, blue: 3)
        var hidden = ScreenBuffer(size: size)
        layout.draw(row(notes: PostNotes(sensitive: true)), selected: false, x: 0, y: 1, visible: 1..<23, photo: .ready(photo), into: &hidden)
        var shown = ScreenBuffer(size: size)
        layout.draw(row(notes: .none), selected: false, x: 0, y: 1, visible: 1..<23, photo: .ready(photo), into: &shown)
        let photoColour = Color.rgb(red: 1, green: 2, blue: 3)
        let cells = (1..<10).flatMap { line in (0..<26).map { (line, $0) } }
        #expect(cells.contains { shown[$0.0, $0.1].style.foreground == photoColour })
        #expect(!cells.contains { hidden[$0.0, $0.1].style.foreground == photoColour || hidden[$0.0, $0.1].style.background == photoColour })
        #expect(Set(cells.compactMap { hidden[$0.0, $0.1].style.background }).count > 5, "the BlurHash's colours")
    }

    @Test func aTextPostShowsItsWordsInTheBox() {
        let layout = ProfileCellLayout(grid: ProfileGrid(size: size), glyphs: .unicode)
        var buffer = ScreenBuffer(size: size)
        layout.draw(row(notes: .none, photo: false), selected: false, x: 0, y: 1, visible: 1..<23, into: &buffer)
        #expect((1..<10).map(buffer.text(row:)).joined().contains("words"))
    }
}
