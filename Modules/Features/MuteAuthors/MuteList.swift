import FeedInterface
import Observation

/// The authors the reader muted, oldest first, as a filter of the post pipeline: a post of a muted
/// author is not kept on any screen. Observed, so a title line counting them redraws.
@MainActor @Observable
public final class MuteList: PostFilter {
    /// The muted authors' IDs, oldest first.
    public private(set) var authors: [String]
    /// Whether the list hides posts; off once the server switched the follow-up off.
    public var isApplied = true
    @ObservationIgnored private var muted: Set<String>

    /// A list of `authors`, oldest first (repeats are kept once).
    public init(_ authors: [String] = []) {
        var seen = Set<String>()
        self.authors = authors.filter { seen.insert($0).inserted }
        muted = seen
    }

    /// Whether `author` is muted.
    public func contains(_ author: String) -> Bool { muted.contains(author) }

    /// Whether the list holds as many authors as it may.
    public var isFull: Bool { authors.count >= MutedAuthorsFile.maxAuthors }

    /// Mutes `author`; returns whether the list changed (not when already muted or full).
    @discardableResult
    public func mute(_ author: String) -> Bool {
        guard !muted.contains(author), !isFull else { return false }
        muted.insert(author)
        authors.append(author)
        return true
    }

    /// Unmutes `author`; returns whether it was muted.
    @discardableResult
    public func unmute(_ author: String) -> Bool {
        guard muted.remove(author) != nil else { return false }
        authors.removeAll { $0 == author }
        return true
    }

    /// Mutes exactly `authors`, oldest first (the list another process left on disk).
    public func replace(with authors: [String]) {
        var seen = Set<String>()
        self.authors = authors.filter { seen.insert($0).inserted }
        muted = seen
    }

    /// Unmutes everybody.
    public func removeAll() {
        muted.removeAll()
        authors.removeAll()
    }

    /// Screens show `post` unless its author is muted (while the list is applied).
    public func keeps(_ post: Post) -> Bool { !isApplied || !muted.contains(post.author.id) }
}
