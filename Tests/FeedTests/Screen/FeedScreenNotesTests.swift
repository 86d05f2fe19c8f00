import FeedInterface
import FeedTesting
import Foundation
import ImageCodec
import LikesTesting
import StoreTesting
import TerminalUIInterface
import Testing
@testable import Feed

/// What the Mastodon API adds to a row: a text post without a photo box, "boosted by", a content
/// warning hiding the caption and photo until `v`, a sensitive photo showing only its BlurHash.
@MainActor
@Suite struct FeedScreenNotesTests {
    let size = TerminalSize(columns: 80, rows: 40)
    /// A BlurHash with light and dark areas (the reference implementation's sample).
    static let hash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"

    static func post(_ id: String, caption: String = "the caption", photo: Bool = true, notes: PostNotes = .none) -> Post {
        let image = photo
            ? ImageRef(url: URL(string: "https://img.example/\(id).jpg")!, width: 1200, height: 800, blurHash: hash) : nil
        return Post(id: PostID(id), author: Author(id: "a-\(id)", name: "ana"), caption: caption, image: image, likeCount: 3, like: .notLiked, notes: notes)
    }

    private func screen(_ posts: [Post]) async -> FeedScreen {
        let model = FeedViewModel(
            feed: FakeFeedRepository(pages: [FeedPage(posts: posts, next: nil)]), posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = FeedScreen(model: model)
        await screen.start()?.value
        _ = screen.frame(size: size)
        return screen
    }

    private func text(_ buffer: ScreenBuffer) -> String { (0..<buffer.size.rows).map(buffer.text(row:)).joined(separator: "\n") }

    @Test("a text post has no photo box: author, heart line, its text; a longer text shows more lines than a caption")
    func textPost() {
        let layout = FeedRowLayout(size: size, glyphs: .unicode)
        let words = String(repeating: "words and more words ", count: 30)
        let row = PostRow(post: Self.post("t1", caption: words, photo: false))
        #expect(layout.photo(for: row) == nil)
        let lines = layout.textLines(for: row)
        #expect(lines.count == FeedRowLayout.maxTextLines && lines.last?.text.hasSuffix("…") == true)
        #expect(layout.height(of: row) == 1 + 1 + FeedRowLayout.maxTextLines + 1)
        var buffer = ScreenBuffer(size: size)
        layout.draw(row, selected: false, top: 0, visible: 0..<size.rows, photo: nil, into: &buffer)
        let drawn = text(buffer)
        #expect(buffer.text(row: 0).contains("@ana") && buffer.text(row: 1).contains("3 likes") && buffer.text(row: 2).contains("words"))
        #expect(!drawn.contains("┌") && !drawn.contains("t1.jpg"), "no frame, no file name")
        #expect(FeedScreen.photoRequest(for: row, size: size) == nil, "nothing to download")
    }

    @Test("a boost names who boosted it on the author line")
    func boost() {
        let layout = FeedRowLayout(size: size, glyphs: .unicode)
        var buffer = ScreenBuffer(size: size)
        layout.draw(PostRow(post: Self.post("b1", notes: PostNotes(boostedBy: "Bob"))), selected: false, top: 0, visible: 0..<size.rows, into: &buffer)
        #expect(buffer.text(row: 0).contains("@ana · boosted by Bob"))
    }

    @Test("a content warning hides the caption and photo until v, and v again hides them; the key bar says so")
    func contentWarning() async throws {
        let screen = await screen([Self.post("w1", caption: "the secret", notes: PostNotes(contentWarning: "spoilers")), Self.post("p2")])
        var drawn = text(screen.frame(size: size))
        #expect(drawn.contains("CW: spoilers · v shows") && !drawn.contains("the secret"))
        #expect(drawn.contains("sensitive · v shows"), "the photo shows only its BlurHash")
        #expect(screen.frame(size: size).text(row: size.rows - 1).contains("v show"))
        #expect(screen.handle(.character("v")) == .handled)
        drawn = text(screen.frame(size: size))
        #expect(drawn.contains("CW: spoilers") && !drawn.contains("v shows") && drawn.contains("the secret"))
        #expect(screen.frame(size: size).text(row: size.rows - 1).contains("v hide"))
        #expect(screen.handle(.character("v")) == .handled)
        #expect(!text(screen.frame(size: size)).contains("the secret"))
        // On a post that hides nothing, v is not the screen's.
        #expect(screen.handle(.character("j")) == .handled)
        #expect(screen.handle(.character("v")) == .ignored)
        #expect(!screen.frame(size: size).text(row: size.rows - 1).contains("v show"))
    }

    @Test("a sensitive photo shows its BlurHash even when loaded, with how to reveal it; revealed, the photo")
    func sensitive() throws {
        let row = PostRow(post: Self.post("s1", notes: PostNotes(sensitive: true)))
        let hidden = FeedRowLayout(size: size, glyphs: .unicode)
        let box = try #require(hidden.photo(for: row))
        let photo = RGBImage(width: box.columns, height: box.rows * 2, red: 1, green: 2, blue: 3)
        var buffer = ScreenBuffer(size: size)
        hidden.draw(row, selected: false, top: 0, visible: 0..<size.rows, photo: .ready(photo), into: &buffer)
        #expect(text(buffer).contains("sensitive · v shows"))
        #expect(buffer[1, 2].style.foreground != .rgb(red: 1, green: 2, blue: 3), "the photo is not drawn")
        #expect(hidden.textLines(for: row).map(\.text) == ["the caption"], "a sensitive mark hides the photo only")
        var revealed = ScreenBuffer(size: size)
        FeedRowLayout(size: size, glyphs: .unicode, revealed: [row.id]).draw(row, selected: false, top: 0, visible: 0..<size.rows, photo: .ready(photo), into: &revealed)
        #expect(revealed[1, 2].style.foreground == .rgb(red: 1, green: 2, blue: 3))
        #expect(!text(revealed).contains("v shows"))
    }

    @Test("while a photo loads its box shows the BlurHash's shapes, not one colour, and never past the box")
    func blurHashWhileLoading() throws {
        let layout = FeedRowLayout(size: size, glyphs: .unicode)
        let row = PostRow(post: Self.post("l1"))
        let box = try #require(layout.photo(for: row))
        var buffer = ScreenBuffer(size: size)
        layout.draw(row, selected: false, top: 0, visible: 0..<size.rows, photo: .loading, into: &buffer)
        var colours = Set<Color>()
        for line in 1...box.rows {
            for column in 2..<(2 + box.columns) {
                if let colour = buffer[line, column].style.background { colours.insert(colour) }
            }
            #expect(buffer[line, 2 + box.columns].style.background == nil)
        }
        #expect(colours.count > 10, "a gradient of the hash's colours: \(colours.count)")
        var ascii = ScreenBuffer(size: size)
        FeedRowLayout(size: size, glyphs: .ascii).draw(row, selected: false, top: 0, visible: 0..<size.rows, photo: .loading, into: &ascii)
        #expect(!text(ascii).contains("▀"), "ASCII draws the average colour, no block symbols")
    }
}
