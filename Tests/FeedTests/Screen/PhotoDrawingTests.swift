import FeedInterface
import Foundation
import ImageCodec
import ImagePipeline
import TerminalUI
import TerminalUIInterface
import Testing
@testable import Feed

/// How a row's photo is asked for and drawn: the rendition a box downloads, its decode size for
/// half blocks and for a graphics protocol, the placeholder colour, the placement a protocol draws.
@Suite struct PhotoDrawingTests {
    private func row(width: Int, height: Int, placeholder: PhotoColor? = nil) -> PostRow {
        let url = URL(string: "https://img.feed.example/p1.jpg")!
        let renditions = [150, 300, 600, 1080].map { ImageRendition(width: $0, url: URL(string: "https://cdn.example/p1-\($0).jpg")!) }
        let post = Post(
            id: "p1", author: Author(id: "a", name: "ana"), caption: "hello",
            image: ImageRef(url: url, width: width, height: height, placeholder: placeholder, renditions: renditions), likeCount: 1, like: .notLiked)
        return PostRow(post: post)
    }

    @Test("half blocks download the smallest rendition at least 4× the box's pixel width; a protocol the box's width in terminal pixels")
    @MainActor func requests() throws {
        let square = try #require(FeedScreen.photoRequest(for: row(width: 1080, height: 1080), size: TerminalSize(columns: 80, rows: 24)))
        #expect(square.size == PixelSize(width: 22, height: 22) && square.url.lastPathComponent == "p1-150.jpg", "22 px × 4 = 88: the 150")
        let wide = try #require(FeedScreen.photoRequest(for: row(width: 1600, height: 900), size: TerminalSize(columns: 160, rows: 50)))
        #expect(wide.size == PixelSize(width: 85, height: 48) && wide.url.lastPathComponent == "p1-600.jpg", "85 px × 4 = 340: the 600")
        let kitty = try #require(FeedScreen.photoRequest(
            for: row(width: 1600, height: 900), size: TerminalSize(columns: 160, rows: 50), graphics: .kitty, cellPixels: PixelSize(width: 9, height: 18)))
        #expect(kitty.size == PixelSize(width: 85 * 9, height: 24 * 18) && kitty.url.lastPathComponent == "p1-1080.jpg")
    }

    @Test("until the photo arrives its box is the dominant colour at the photo's size; without one, the outline and file name")
    func placeholder() throws {
        let layout = FeedRowLayout(size: TerminalSize(columns: 80, rows: 24), glyphs: .unicode)
        let coloured = row(width: 1080, height: 1080, placeholder: PhotoColor(red: 200, green: 100, blue: 50))
        var buffer = ScreenBuffer(size: TerminalSize(columns: 80, rows: 24))
        layout.draw(coloured, selected: false, top: 1, visible: 1..<23, photo: .loading, into: &buffer)
        let box = try #require(layout.photo(for: coloured))
        for line in 2..<(2 + box.rows) {
            #expect(buffer[line, 2].style.background == .rgb(red: 200, green: 100, blue: 50))
            #expect(buffer[line, 2 + box.columns - 1].style.background == .rgb(red: 200, green: 100, blue: 50))
            #expect(buffer[line, 2 + box.columns].style.background == nil)
        }
        #expect(!buffer.plainText.contains("p1.jpg"))
        var plain = ScreenBuffer(size: TerminalSize(columns: 80, rows: 24))
        layout.draw(row(width: 1080, height: 1080), selected: false, top: 1, visible: 1..<23, photo: .loading, into: &plain)
        #expect(plain.plainText.contains("p1.jpg"))
    }

    @Test("with a protocol a loaded photo is a placement over blank cells, only the lines inside the list; with half blocks, cells")
    func placements() throws {
        let photo = row(width: 1600, height: 900)
        let size = TerminalSize(columns: 80, rows: 24)
        let kitty = FeedRowLayout(size: size, glyphs: .unicode, graphics: .kitty)
        let box = try #require(kitty.photo(for: photo))
        let pixels = RGBImage(width: box.columns * 10, height: box.rows * 20, red: 1, green: 2, blue: 3)
        var buffer = ScreenBuffer(size: size)
        // The row starts 4 lines above the list (line 1): its author and first 3 photo lines are cut.
        kitty.draw(photo, selected: false, top: -3, visible: 1..<23, photo: .ready(pixels), into: &buffer)
        let placement = buffer.graphics.first
        #expect(buffer.graphics.count == 1)
        #expect(placement?.row == -2 && placement?.column == 2 && placement?.columns == box.columns && placement?.rows == box.rows)
        #expect(placement?.shown == 3..<box.rows)
        #expect(placement?.shownPixelRows == 60..<(box.rows * 20))
        #expect(!buffer.plainText.contains("▀"))
        var blocks = ScreenBuffer(size: size)
        let small = RGBImage(width: box.columns, height: box.rows * 2, red: 1, green: 2, blue: 3)
        FeedRowLayout(size: size, glyphs: .unicode).draw(photo, selected: false, top: 1, visible: 1..<23, photo: .ready(small), into: &blocks)
        #expect(blocks.graphics.isEmpty && blocks.text(row: 2).contains("▀"))
    }

    @Test("a row drawn at any line, its photo above, across or below the list, with any caption, never traps (a resize storm with kitty)")
    func everyTopAndSize() throws {
        let caption = String(repeating: "a long caption word ", count: 12)
        for graphics in [GraphicsMode.kitty, .sixel, .blocks] {
            for (columns, rows) in [(20, 8), (80, 24), (33, 11), (200, 60), (3, 3), (1, 1), (2, 5), (1, 30)] {
                let size = TerminalSize(columns: columns, rows: rows)
                let layout = FeedRowLayout(size: size, glyphs: .unicode, graphics: graphics)
                let post = Post(
                    id: "p1", author: Author(id: "a", name: "ana"), caption: caption,
                    image: ImageRef(
                        url: URL(string: "https://img.feed.example/p1.jpg")!, width: 900, height: 1600,
                        placeholder: PhotoColor(red: 9, green: 9, blue: 9)), likeCount: 1, like: .notLiked)
                let photo = PostRow(post: post)
                let box = try #require(layout.photo(for: photo))
                let pixels = RGBImage(width: max(1, box.columns), height: max(1, box.rows * 2), red: 1, green: 2, blue: 3)
                let height = layout.height(of: photo)
                for top in (-height - 2)...(rows + 2) {
                    var buffer = ScreenBuffer(size: size)
                    layout.draw(photo, selected: true, top: top, visible: 1..<max(1, rows - 1), photo: .ready(pixels), into: &buffer)
                    var loading = ScreenBuffer(size: size)
                    layout.draw(photo, selected: false, top: top, visible: 1..<max(1, rows - 1), photo: .loading, into: &loading)
                    for placement in buffer.graphics {
                        #expect(placement.shown.lowerBound <= placement.shown.upperBound)
                        #expect(placement.shown.upperBound <= box.rows)
                    }
                }
            }
        }
    }
}
