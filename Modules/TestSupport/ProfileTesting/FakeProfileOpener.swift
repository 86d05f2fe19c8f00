import FeedInterface
import ProfileInterface

/// A `ProfileOpening` that opens nothing and keeps every request it gets, in order.
@MainActor
public final class FakeProfileOpener: ProfileOpening {
    /// One request: whose profile, reached from which post.
    public struct Request: Hashable, Sendable {
        /// The author whose profile was asked for.
        public let author: Author
        /// The post it was asked from.
        public let post: PostID

        /// Creates a request.
        public init(author: Author, post: PostID) {
            self.author = author
            self.post = post
        }
    }

    /// Every request so far, oldest first.
    public private(set) var requests: [Request] = []

    /// Creates the fake with no request.
    public init() {}

    public func openProfile(of author: Author, from post: PostID) {
        requests.append(Request(author: author, post: post))
    }
}
