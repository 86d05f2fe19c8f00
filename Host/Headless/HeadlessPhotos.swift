import Feed
import FeedInterface
import ImagePipeline
import TerminalUIInterface

/// The photos of the headless session, loaded as on an 80×24 screen: the rows around the last one
/// seen are on screen and the next few are prefetched; rows that leave are cancelled.
@MainActor
final class HeadlessPhotos {
    /// The screen the photo boxes are sized for.
    static let screen = TerminalSize(columns: 80, rows: 24)
    /// Rows on screen around the one seen, and rows prefetched after them.
    static let onScreen = 3
    static let prefetched = 3

    let pipeline: ImagePipeline
    private let loader: ImageRowLoader<PostID>
    private var seen = 0

    init(pipeline: ImagePipeline) {
        self.pipeline = pipeline
        loader = ImageRowLoader(pipeline: pipeline)
    }

    /// Row `index` of the screen shown is on screen now.
    func see(_ index: Int) { seen = index }

    /// Asks for the photos of the rows on screen and the next few, of `rows` (the screen shown).
    func update(_ rows: [PostRow]) {
        guard !rows.isEmpty else { return loader.update(visible: []) }
        let first = min(max(0, seen - 1), rows.count - 1)
        let visible = rows[first..<min(rows.count, first + Self.onScreen)]
        let upcoming = rows[visible.endIndex..<min(rows.count, visible.endIndex + Self.prefetched)]
        loader.update(visible: visible.compactMap(request), upcoming: upcoming.compactMap(request))
    }

    /// `none`, `loading`, `loaded` or `failed` for `row`.
    func state(of row: PostRow) -> String {
        switch loader.state(of: row.id) {
        case .loading: return "loading"
        case .ready: return "loaded"
        case .failed: return "failed"
        case nil: return request(row).flatMap { pipeline.cachedImage(for: $0.1) } == nil ? "none" : "loaded"
        }
    }

    /// The request of `row`'s photo; `nil` for a text post, and for a hidden photo (sensitive or
    /// under a content warning: headless has no `v`, so it is never downloaded).
    private func request(_ row: PostRow) -> (PostID, ImageRequest)? {
        guard !row.hidesContent else { return nil }
        return FeedScreen.photoRequest(for: row, size: Self.screen).map { (row.id, $0) }
    }
}
