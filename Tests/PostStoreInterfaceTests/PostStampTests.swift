import FeedInterface
import Foundation
import LikesInterface
import PostStoreInterface
import Testing

@Suite struct PostStampTests {
    @Test func stampsAreOrderedByTheirPlace() {
        #expect(PostStamp(1) < PostStamp(2))
        #expect(!(PostStamp(2) < PostStamp(2)))
        #expect([PostStamp(3), PostStamp(1), PostStamp(2)].sorted() == [PostStamp(1), PostStamp(2), PostStamp(3)])
    }

    @Test func aChangeIsNotPendingUnlessSaid() {
        let post = Post(
            id: "p1", author: Author(id: "a", name: "Ana"), caption: "",
            image: ImageRef(url: URL(string: "https://img.example/p1.jpg")!, width: 4, height: 5), likeCount: 3, like: .liked)
        #expect(!PostStoreChange(post: post, settled: nil).pending)
        #expect(PostStoreChange(post: post, settled: LikeResult(liked: true, likeCount: 3), pending: true).pending)
    }
}
