import FeedInterface
import Foundation
import LikesInterface
import PostStoreInterface
import Testing

import Posts

@MainActor @Suite struct InMemoryPostStoreTests {
    @Test func aPageOfOneScreenThatChangesAPostAnotherShowsIsHeardByEveryObserver() {
        // Found by feed-chaos: a profile's page said the server no longer held a like the feed
        // still showed; the store took the news in, but only the profile showed it.
        let store = InMemoryPostStore(likePost: NoLikes())
        var heard: [PostStoreChange] = []
        _ = store.addObserver { heard.append(contentsOf: $0) }
        _ = store.receive([Self.post("p14", liked: true, count: 1812), Self.post("p15", liked: false, count: 3)], requestedAt: store.stamp())
        #expect(heard.isEmpty, "a post seen for the first time changes nothing shown")
        _ = store.receive([Self.post("p14", liked: false, count: 1811), Self.post("p15", liked: false, count: 3)], requestedAt: store.stamp())
        #expect(heard.map(\.id) == ["p14"], "only the post that changed")
        #expect(heard.first?.like == .notLiked)
        #expect(heard.first?.likeCount == 1811)
    }

    private static func post(_ id: PostID, liked: Bool, count: Int) -> Post {
        Post(
            id: id, author: Author(id: "a", name: "Ana"), caption: "",
            image: ImageRef(url: URL(string: "https://img.example/\(id).jpg")!, width: 4, height: 5),
            likeCount: count, like: LikeState(liked))
    }
}

/// A like use case the test never reaches.
private struct NoLikes: LikePostUseCase {
    func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome { .failed(serverState: nil) }
}
