import Foundation
import FeedInterface
import ImageCodec
import ImagePipeline
import PluginInterface
import PostScreenKit
import TerminalUI
import TerminalUIInterface

/// The feed screen: draws the view model's state and reports the reader's actions to it.
/// It decides nothing about the feed; it owns only what is on screen — the scroll position,
/// the selection, the help overlay, the spinner's tick and how long a message stays.
@MainActor
public final class FeedScreen {
    /// Where the reader is.
    public private(set) var position = FeedScreenPosition.start
    /// Whether the help overlay is open.
    public private(set) var showsHelp = false
    /// The posts whose content warning or sensitive photo the reader revealed (`v`; again hides).
    public private(set) var revealed: Set<PostID> = []
    /// The BlurHashes decoded for the boxes on screen.
    private let placeholders = PhotoPlaceholders()

    private let model: FeedViewModel
    private let extensions: [any ScreenExtension]
    private let photos: ImageRowLoader<PostID>?
    private let photoOpenings: PhotoOpenings?
    /// The posts whose photo is being opened: `o` on one of them again does nothing meanwhile.
    /// The last photo opening started (tests await it).
    var photoOpening: Task<Void, Never>? { photoOpenings?.last }
    /// A refresh asked for by key is under way: the reader sees the new first page from its top.
    private var refreshingFromTop = false
    private let ascii: Bool
    private let graphics: GraphicsMode
    private let symbols: BlockSymbols
    private let background: TerminalBackground
    private let cellPixels: PixelSize
    private let wallClock: () -> Date
    private var size = TerminalSize(columns: 80, rows: 24)
    /// The spinner's tick and how long the message shown has been up.
    private var clock: ScreenClock<FeedMessage>
    /// The paging session whose "Feed started over" already sent the reader to the top.
    private var startedOverSession: Int?

    /// A screen over `model`; a message clears itself after `messageLifetime` by the `now` clock;
    /// the banner's age is told by `wallClock`. `extensions` are what follow-ups add (title
    /// segments, row marks, keys and the screens they open), asked in order for a key the screen
    /// does not bind. With `photos`, the rows on screen and the next screenful ask for their
    /// photos, and loaded photos are drawn: in `symbols`, or by `graphics` on cells of
    /// `cellPixels` pixels; colours are picked to read on `background`. With `photoOpener`, `o`
    /// opens the selected post's photo with it.
    public init(
        model: FeedViewModel,
        extensions: [any ScreenExtension] = [],
        photos: ImageRowLoader<PostID>? = nil,
        photoOpener: (any PhotoOpener)? = nil,
        ascii: Bool = false,
        graphics: GraphicsMode = .blocks,
        symbols: BlockSymbols = .half,
        background: TerminalBackground = .dark,
        cellPixels: PixelSize = PixelSize(width: 10, height: 20),
        messageLifetime: Duration = .seconds(4),
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now },
        wallClock: @escaping () -> Date = { Date() }
    ) {
        self.model = model
        self.extensions = extensions
        self.photos = photos
        self.photoOpenings = photoOpener.map { PhotoOpenings(opener: $0) }
        self.ascii = ascii
        self.graphics = graphics
        self.symbols = symbols
        self.background = background
        self.cellPixels = cellPixels
        clock = ScreenClock(messageLifetime: messageLifetime, now: now)
        self.wallClock = wallClock
    }

    /// The screen appeared: loads the first page.
    @discardableResult
    public func start() -> Task<Void, Never>? {
        let task = model.onAppear()
        // A place saved by an earlier run (within --restore-for): the same post at the same line.
        if let place = model.restoredPlace { position = FeedScreenPosition(top: place.post, topOffset: place.lineOffset, selected: place.post) }
        return task
    }

    /// Applies `key`: moves, pages, likes the selected post or opens its photo, refreshes, retries,
    /// opens help or quits.
    public func handle(_ key: Key) -> FeedScreenKeyResult {
        if showsHelp {
            if FeedScreenAction(key) == .quit { return .quit }
            showsHelp = false
            return .handled
        }
        // Without an opener `o` is not the screen's: a follow-up may bind it.
        guard let action = FeedScreenAction(key), action != .openPhoto || photoOpenings != nil else { return handleExtensionKey(key) }
        let state = model.viewState
        switch action {
        case .quit:
            return .quit
        case .help:
            showsHelp = true
        case .refresh:
            refreshFromTop()
        case .retry:
            model.retry()
        case .like:
            guard let row = selectedRow() else { return .ignored }
            model.toggleLike(row.id)
        case .openPhoto:
            // A hidden photo opens only once revealed (`v`): it is not even downloaded before.
            guard let row = selectedRow(), row.hasPhoto, !row.hidesContent || revealed.contains(row.id), photoOpenings?.isOpening(row.id) != true
            else { return .ignored }
            openPhoto(row)
        case .reveal:
            guard let row = selectedRow(), row.hidesContent else { return .ignored }
            if revealed.remove(row.id) == nil { revealed.insert(row.id) }
        case .next, .previous, .pageDown, .pageUp, .first, .last:
            guard state.initialLoad == .loaded else { return .ignored }
            followRemovedRows(state)
            let geometry = FeedScreenRenderer.geometry(rows: state.rows, size: size, options: options)
            position = FeedScreenNavigator.apply(action, to: position, in: geometry)
        }
        return .handled
    }

    /// A key the screen does not bind, offered to each follow-up in turn.
    private func handleExtensionKey(_ key: Key) -> FeedScreenKeyResult {
        guard !extensions.isEmpty else { return .ignored }
        let selected = model.viewState.initialLoad == .loaded ? selectedRow() : nil
        for item in extensions {
            switch item.handle(key, selected: selected) {
            case .ignored: continue
            case .handled: return .handled
            case .refreshFromTop:
                refreshFromTop()
                return .handled
            case .open(let screen): return .open(screen)
            }
        }
        return .ignored
    }

    /// Opens `row`'s photo with the opener, saying so in the title line until it is open; a
    /// failure's line replaces it.
    private func openPhoto(_ row: PostRow) {
        guard let photoOpenings else { return }
        model.show(.openingPhoto)
        photoOpenings.open(row) { [weak self] problem in
            guard let self else { return }
            if let problem {
                model.show(.photoNotOpened(problem))
            } else {
                model.dismiss(.openingPhoto)
            }
        }
    }

    /// A refresh starts at the top, as a pull can only start there: the reader sees the first page
    /// arrive, and the selection is always a row on screen.
    private func refreshFromTop() {
        position = .start
        refreshingFromTop = true
        model.refresh()
    }

    /// The selected row once the first page is in, resolving the position against the rows.
    private func selectedRow() -> PostRow? {
        let state = model.viewState
        guard state.initialLoad == .loaded else { return nil }
        followRemovedRows(state)
        let geometry = FeedScreenRenderer.geometry(rows: state.rows, size: size, options: options)
        let (resolved, _, selected) = FeedScreenRenderer.resolve(position, in: geometry)
        position = resolved
        return selected.map { state.rows[$0] }
    }

    /// Draws the current state at `size` and reports the rows on screen to the view model, so
    /// pagination follows scrolling. If that starts a page load, the frame shows it.
    public func frame(size: TerminalSize) -> ScreenBuffer {
        if model.viewState.message == .startedOver, startedOverSession != model.session {
            // A page reset replaced the rows: the reader reads the new feed from its top.
            startedOverSession = model.session
            position = .start
        }
        if refreshingFromTop, !model.viewState.isRefreshing {
            // The new first page replaced the rows: the first row is selected, never one that left.
            position = .start
            refreshingFromTop = false
        }
        if size != self.size {
            self.size = size
            let state = model.viewState
            if state.initialLoad == .loaded {
                position = FeedScreenNavigator.revealSelection(position, in: FeedScreenRenderer.geometry(rows: state.rows, size: size, options: options))
            }
        }
        var frame = render()
        var started = false
        for id in frame.visibleRows where model.rowAppeared(id) != nil { started = true }
        if let photos, !frame.visibleRows.isEmpty {
            // Visible rows first, then the next screenful at prefetch priority; rows that left are
            // cancelled. Photos already in memory are ready for the frame drawn just below.
            photos.update(visible: photoRequests(frame.visibleRows), upcoming: photoRequests(upcoming(after: frame.visibleRows)))
            started = true
        }
        if started { frame = render() }
        model.screenDrew(frame.visibleRows)
        if model.viewState.initialLoad == .loaded, let top = frame.position.top {
            model.readerMoved(to: FeedPlace(post: top, lineOffset: frame.position.topOffset))
        }
        noteMessage()
        return frame.buffer
    }

    /// Advances the spinner and clears a message that has been shown for its lifetime.
    public func tick() {
        if clock.advance(showing: model.viewState.message) { model.dismissMessage() }
    }

    /// Whether ticks change the screen now: a spinner turns or a message waits to clear.
    public var isAnimating: Bool {
        let state = model.viewState
        return state.initialLoad == .loading || state.pagination == .loading || state.isRefreshing || state.message != nil
            || state.banner != nil
    }

    private var options: FeedScreenOptions {
        var options = FeedScreenOptions(ascii: ascii, tick: clock.tick, showsHelp: showsHelp, now: wallClock())
        options.extraKeys = (photoOpenings == nil ? [] : [.openPhoto]) + extensions.flatMap(\.keyHelp)
        options.titleSegments = extensions.compactMap { $0.titleSegment(glyphs: options.glyphs) }
        // A newer feed in another order waits while the reader is below the top: r shows it.
        if model.viewState.feedUpdated { options.titleSegments.insert(TitleSegment("Feed updated · r", kind: .callout), at: 0) }
        options.graphics = graphics
        options.symbols = symbols
        options.background = background
        options.revealed = revealed
        options.placeholders = placeholders
        return options
    }

    /// A row under the reader that a follow-up removed: the reader reads on from the row in its place.
    private func followRemovedRows(_ state: FeedViewState) {
        position = position.following(state.movedTo) { model.index(of: $0) != nil }
    }

    private func render() -> FeedScreenFrame {
        let glyphs = Glyphs.set(ascii: ascii)
        followRemovedRows(model.viewState)
        let frame = FeedScreenRenderer.render(
            state: model.viewState, size: size, position: position, options: options,
            photos: { [photos] in photos?.state(of: $0) },
            marks: { [extensions] row in extensions.rowMark(row, glyphs: glyphs) })
        position = frame.position
        return frame
    }

    /// The rows after `visible`, as many again (the next screenful).
    private func upcoming(after visible: [PostID]) -> [PostID] {
        let rows = model.viewState.rows
        guard let last = visible.last, let index = model.index(of: last) else { return [] }
        return rows[(index + 1)..<min(rows.count, index + 1 + max(2, visible.count))].map(\.id)
    }

    /// Each row's photo request: its address at about the box's width, decoded to the box's pixels.
    /// A text post asks for nothing, nor does a hidden photo until the reader reveals it.
    private func photoRequests(_ ids: [PostID]) -> [(PostID, ImageRequest)] {
        let rows = model.viewState.rows
        return ids.compactMap { id in
            guard let index = model.index(of: id), rows.indices.contains(index) else { return nil }
            let row = rows[index]
            guard !row.hidesContent || revealed.contains(id) else { return nil }
            return Self.photoRequest(for: row, size: size, graphics: graphics, symbols: symbols, cellPixels: cellPixels).map { (id, $0) }
        }
    }

    /// The photo request of `row` on a screen of `size`: decoded to the box's pixels (`symbols`'
    /// pixels a cell, fitted to their shapes, for blocks; the box in `cellPixels` cells for a
    /// graphics protocol), downloaded at a few times that width for blocks (so the JPEG's own
    /// loss does not show), at that width for a protocol (the terminal shows those pixels); `nil` for a text post.
    public static func photoRequest(
        for row: PostRow, size: TerminalSize, graphics: GraphicsMode = .blocks, symbols: BlockSymbols = .half,
        cellPixels: PixelSize = PixelSize(width: 10, height: 20)
    ) -> ImageRequest? {
        let layout = FeedRowLayout(size: size, glyphs: .unicode, graphics: graphics, symbols: symbols)
        let pixels = layout.photoPixelSize(for: row, cell: cellPixels)
        let blocks = graphics == .blocks
        return PostPhoto.request(for: row, pixels: pixels, mosaic: blocks ? symbols.mosaic : nil, oversampled: blocks)
    }

    private func noteMessage() { clock.note(model.viewState.message) }
}
