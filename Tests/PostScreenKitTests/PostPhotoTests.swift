import FeedInterface
import FeedTesting
import Foundation
import ImageCodec
import ImagePipeline
import PostScreenKit
import Testing

@Suite("a post's photo in the pipeline's terms")
struct PostPhotoTests {
    private let widths = [150, 600, 1600]

    private func row(width: Int = 1080, renditions: [Int] = []) -> PostRow {
        let post = FeedFixtures.post(1)
        let image = ImageRef(
            url: URL(string: "https://img.feed.example/p1.jpg?w=600")!, width: width, height: 1350,
            renditions: renditions.map { ImageRendition(width: $0, url: URL(string: "https://cdn.example/p1-\($0).jpg")!) })
        return PostRow(post: Post(id: post.id, author: post.author, caption: post.caption, image: image, likeCount: 3, like: .notLiked))
    }

    @Test("blocks download a few times the box's width: the smallest rendition that wide")
    func blocksAreOversampled() throws {
        let pixels = PixelSize(width: 100, height: 80)
        let request = try #require(PostPhoto.request(for: row(renditions: widths), pixels: pixels, mosaic: nil, oversampled: true))
        #expect(request.url.absoluteString == "https://cdn.example/p1-600.jpg")
        #expect(request.size == pixels)
    }

    @Test("a graphics protocol downloads the box's own width, with no block mosaic")
    func graphicsAtTheBoxWidth() throws {
        let pixels = PixelSize(width: 100, height: 80)
        let request = try #require(PostPhoto.request(for: row(renditions: widths), pixels: pixels, mosaic: nil, oversampled: false))
        #expect(request.url.absoluteString == "https://cdn.example/p1-150.jpg")
        #expect(request.mosaic == nil)
    }

    @Test("without renditions the address is asked at a width the server serves")
    func noRenditions() throws {
        let request = try #require(PostPhoto.request(for: row(), pixels: PixelSize(width: 50, height: 40), mosaic: nil, oversampled: true))
        #expect(request.url.query == "w=300")
    }

    @Test("the original is the narrowest rendition at least the photo's width, else the address without w")
    func original() {
        #expect(PostPhoto.originalURL(of: row(width: 1080, renditions: widths))?.absoluteString == "https://cdn.example/p1-1600.jpg")
        #expect(PostPhoto.originalURL(of: row(width: 1080))?.absoluteString == "https://img.feed.example/p1.jpg")
    }

    @Test("a text post has no photo: no request and no original to open")
    func textPost() {
        let text = PostRow(post: Post(id: PostID("t1"), author: Author(id: "a", name: "A"), caption: "words", image: nil, likeCount: 0, like: .notLiked))
        #expect(!text.hasPhoto)
        #expect(PostPhoto.request(for: text, pixels: PixelSize(width: 50, height: 40), mosaic: nil, oversampled: true) == nil)
        #expect(PostPhoto.originalURL(of: text) == nil)
    }
}
