import Foundation
import Testing
@testable import FeedInterface

@Suite struct ImageRefTests {
    @Test func aspectRatioIsWidthOverHeight() {
        let url = URL(string: "https://img.example/p1.jpg")!
        #expect(ImageRef(url: url, width: 1080, height: 1350).aspectRatio == 0.8)
        #expect(ImageRef(url: url, width: 1600, height: 900).aspectRatio == 1600.0 / 900.0)
    }

    @Test func aspectRatioFallsBackToSquareForDegenerateSizes() {
        let url = URL(string: "https://img.example/p1.jpg")!
        #expect(ImageRef(url: url, width: 0, height: 900).aspectRatio == 1)
        #expect(ImageRef(url: url, width: 900, height: -1).aspectRatio == 1)
    }

    @Test func likeStateMapsToOptionalBool() {
        #expect(LikeState(true) == .liked)
        #expect(LikeState(false) == .notLiked)
        #expect(LikeState.unknown.isLiked == nil)
        #expect(LikeState.liked.isLiked == true)
    }
}
