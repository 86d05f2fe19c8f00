import FeedInterface
import PluginInterface

/// A screen's photo openings through its `PhotoOpener`: at most one at a time per post (another
/// `o` on a post still opening does nothing), each answering on the main actor when it ends.
@MainActor
public final class PhotoOpenings {
    private let opener: any PhotoOpener
    private var opening: Set<PostID> = []
    /// The last opening started (tests await it).
    public private(set) var last: Task<Void, Never>?

    /// Openings through `opener`.
    public init(opener: any PhotoOpener) {
        self.opener = opener
    }

    /// Whether `id`'s photo is being opened now.
    public func isOpening(_ id: PostID) -> Bool { opening.contains(id) }

    /// Opens `row`'s photo unless it is being opened; `ended` gets the line saying why it could
    /// not be opened, or nil once it is. Returns whether an opening started.
    @discardableResult
    public func open(_ row: PostRow, ended: @escaping @MainActor (String?) -> Void) -> Bool {
        guard opening.insert(row.id).inserted else { return false }
        let opener = opener
        last = Task { [weak self] in
            let problem = await opener.open(row)
            self?.opening.remove(row.id)
            ended(problem)
        }
        return true
    }
}
