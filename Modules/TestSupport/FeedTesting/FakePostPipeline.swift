import FeedInterface

/// A post pipeline as a follow-up drives it: posts of muted authors are not kept, and the screens
/// observing it are told each time an author is muted.
@MainActor
public final class FakePostPipeline: PostPipeline, PostFilter {
    /// The authors (by ID) whose posts are not kept.
    public var muted: Set<String> = []
    private var observers: [@MainActor () -> Void] = []
    /// How many changes of mind so far.
    public private(set) var revision = 0

    /// A pipeline that keeps every post.
    public init() {}

    /// Ignored: this pipeline is its own one filter.
    public func add(_ filter: any PostFilter) {}

    /// Whether `post`'s author is not muted.
    public func keeps(_ post: Post) -> Bool { !muted.contains(post.author.id) }

    /// Tells every observer.
    public func filtersChanged() {
        revision += 1
        for onChange in observers { onChange() }
    }

    /// Keeps `onChange` (the observer is not tracked: a test's screens live as long as it).
    public func observe(_ observer: AnyObject, _ onChange: @escaping @MainActor () -> Void) { observers.append(onChange) }

    /// A change of mind the screens are not told of (as if told while a page was being taken in).
    public func changeQuietly() { revision += 1 }

    /// Mutes `author` and tells the screens.
    public func mute(_ author: String) {
        muted.insert(author)
        filtersChanged()
    }
}
