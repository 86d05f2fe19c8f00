import FeedInterface
import ImagePipeline
import PluginInterface
import PostScreenKit
import TerminalUI
import TerminalUIInterface

/// The profile screen: a grid of one author's posts over its view model. It owns only what is on
/// screen — the selected post (anchored to its ID, so pages appended below never move it), the top
/// grid row, the help overlay, the spinner's tick and how long a message stays.
@MainActor
public final class ProfileScreen {
    /// The view model drawn.
    public let model: ProfileViewModel
    /// The selected post; `nil` = the first.
    public private(set) var selected: PostID?
    /// Whether the help overlay is open.
    public private(set) var showsHelp = false

    private let photos: ImageRowLoader<PostID>?
    private let photoOpenings: PhotoOpenings?
    /// The BlurHashes decoded for the cells on screen.
    private let placeholders = PhotoPlaceholders()
    /// The posts whose photo is being opened: `o` on one of them again does nothing meanwhile.
    /// The last photo opening started (tests await it).
    var photoOpening: Task<Void, Never>? { photoOpenings?.last }
    private let extensions: [any ScreenExtension]
    private let ascii: Bool
    private let symbols: BlockSymbols
    private let background: TerminalBackground
    private var size = TerminalSize(columns: 80, rows: 24)
    private var selectedHint = 0
    private var top = 0
    /// The spinner's tick and how long the message shown has been up.
    private var clock: ScreenClock<ProfileMessage>
    /// Pages still to load while looking for the post the grid was opened from.
    private var seekPages = 10

    /// A screen over `model`, with `selecting` (the post it was opened from) selected once it shows;
    /// with `photos`, the cells on screen and the next screenful ask for their photos; `extensions`
    /// are what follow-ups add (title segments, marks on cells, keys the screen does not bind); a
    /// message clears itself after `messageLifetime` by the `now` clock. With `photoOpener`, `o`
    /// opens the selected post's photo with it.
    public init(
        model: ProfileViewModel, selecting post: PostID? = nil, extensions: [any ScreenExtension] = [],
        photos: ImageRowLoader<PostID>? = nil, photoOpener: (any PhotoOpener)? = nil, ascii: Bool = false, symbols: BlockSymbols = .half,
        background: TerminalBackground = .dark,
        messageLifetime: Duration = .seconds(4),
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.model = model
        self.selected = post
        self.photos = photos
        self.photoOpenings = photoOpener.map { PhotoOpenings(opener: $0) }
        self.extensions = extensions
        self.ascii = ascii
        self.symbols = symbols
        self.background = background
        clock = ScreenClock(messageLifetime: messageLifetime, now: now)
    }

    /// The screen appeared: loads the first page.
    @discardableResult
    public func start() -> Task<Void, Never>? { model.onAppear() }

    /// The index of the selected post, found from its ID (the hint first, so it costs the same with 10,000 posts).
    public var selectedIndex: Int {
        let rows = model.viewState.rows
        guard var selected else { return 0 }
        if rows.indices.contains(selectedHint), rows[selectedHint].id == selected { return selectedHint }
        if let next = model.movedTo[selected], !rows.contains(where: { $0.id == selected }) {
            // A follow-up's filter removed the selected post: the post that took its place is selected.
            selected = next
            self.selected = next
        }
        guard let index = rows.firstIndex(where: { $0.id == selected }) else { return 0 }
        selectedHint = index
        return index
    }

    /// Applies `key`: moves in the grid, likes the selected post or opens its photo, retries, opens
    /// help, or goes back.
    public func handle(_ key: Key) -> ProfileScreenKeyResult {
        if showsHelp {
            showsHelp = false
            return ProfileScreenAction(key) == .quit ? .quit : .handled
        }
        let rows = model.viewState.rows
        let grid = ProfileGrid(size: size)
        let index = selectedIndex
        // Without an opener `o` is not the screen's: a follow-up may bind it.
        guard let action = ProfileScreenAction(key), action != .openPhoto || photoOpenings != nil else {
            // A follow-up's key; a screen over this one opens only over the feed.
            let selected = rows.indices.contains(index) ? rows[index] : nil
            for item in extensions {
                switch item.handle(key, selected: selected) {
                case .ignored: continue
                case .handled, .refreshFromTop, .open: return .handled
                }
            }
            return .ignored
        }
        switch action {
        case .back: return .back
        case .quit: return .quit
        case .help: showsHelp = true
        case .retry: model.retry()
        case .like:
            guard rows.indices.contains(index) else { return .ignored }
            model.toggleLike(rows[index].id)
        case .openPhoto:
            guard rows.indices.contains(index), photoOpenings?.isOpening(rows[index].id) != true else { return .ignored }
            openPhoto(rows[index])
        case .left, .right, .up, .down, .first, .last:
            guard !rows.isEmpty else { return .ignored }
            let moved: Int = switch action {
            case .left: index - 1
            case .right: index + 1
            case .up: index - grid.columns
            case .down: index + grid.columns
            case .first: 0
            default: rows.count - 1
            }
            select(min(max(0, moved), rows.count - 1))
        }
        return .handled
    }

    /// Draws the current state at `size` and reports the posts on screen to the view model, so
    /// paging follows scrolling.
    public func frame(size: TerminalSize) -> ScreenBuffer {
        self.size = size
        let index = selectedIndex
        top = Self.filling(ProfileGrid(size: size), top: top, revealing: index, count: model.viewState.rows.count)
        var frame = render(selected: index)
        var started = false
        for id in frame.visibleRows where model.rowAppeared(id) != nil { started = true }
        // Opened from a post further down the author's pages: load on until it shows (a few pages).
        if let selected, index == 0, model.viewState.rows.first?.id != selected, seekPages > 0,
            let last = model.viewState.rows.last, model.rowAppeared(last.id) != nil
        {
            seekPages -= 1
            started = true
        }
        if let photos, !frame.visibleRows.isEmpty {
            let rows = model.viewState.rows
            let layout = ProfileCellLayout(grid: ProfileGrid(size: size), glyphs: Glyphs.set(ascii: ascii), symbols: symbols)
            let first = max(0, rows.firstIndex { $0.id == frame.visibleRows[0] } ?? 0)
            let end = min(rows.count, first + frame.visibleRows.count * 2)
            // A text post has no photo to ask for; a hidden one (sensitive, a content warning) shows only its BlurHash here.
            func request(_ row: PostRow) -> (PostID, ImageRequest)? {
                guard !row.hidesContent else { return nil }
                return PostPhoto.request(for: row, pixels: layout.photoPixelSize(for: row), mosaic: symbols.mosaic, oversampled: true).map { (row.id, $0) }
            }
            photos.update(
                visible: rows[first..<min(end, first + frame.visibleRows.count)].compactMap(request),
                upcoming: rows[min(end, first + frame.visibleRows.count)..<end].compactMap(request))
            started = true
        }
        if started { frame = render(selected: index) }
        model.screenDrew(frame.visibleRows)
        noteMessage()
        return frame.buffer
    }

    /// The top grid row that shows post `index`, moving as little as possible from `top`, and never
    /// leaving the bottom of the screen empty while posts above would fill it.
    static func filling(_ grid: ProfileGrid, top: Int, revealing index: Int, count: Int) -> Int {
        let revealed = grid.top(revealing: grid.gridRow(of: index), from: top)
        let gridRows = (count + grid.columns - 1) / grid.columns
        return max(0, min(revealed, gridRows - grid.visibleGridRows))
    }

    /// Lines of the grid row above `top` shown at the top of the list (its upper part scrolled
    /// off), so that when the last rows are in view the grid reaches the bottom of the screen.
    static func lead(_ grid: ProfileGrid, top: Int, count: Int, footer: Bool) -> Int {
        guard top > 0 else { return 0 }
        let gridRows = (count + grid.columns - 1) / grid.columns
        let below = (gridRows - top) * grid.cellHeight + (footer ? 1 : 0)
        return min(grid.cellHeight - 1, max(0, grid.viewport - below))
    }

    /// Still looking for the post the grid was opened at: it is not among the rows yet and more
    /// pages may bring it.
    var isSeeking: Bool {
        guard let selected, seekPages > 0 else { return false }
        let state = model.viewState
        guard state.initialLoad == .loaded, state.pagination == .idle || state.pagination == .loading else { return false }
        if state.rows.indices.contains(selectedHint), state.rows[selectedHint].id == selected { return false }
        return !state.rows.contains { $0.id == selected }
    }

    /// Advances the spinner and clears a message that has been shown for its lifetime.
    public func tick() {
        if clock.advance(showing: model.viewState.message) { model.dismissMessage() }
    }

    /// Whether ticks change the screen now: a spinner turns or a message waits to clear.
    public var isAnimating: Bool {
        let state = model.viewState
        return state.initialLoad == .loading || state.pagination == .loading || state.message != nil
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

    private func select(_ index: Int) {
        let rows = model.viewState.rows
        guard rows.indices.contains(index) else { return }
        selected = rows[index].id
        selectedHint = index
        let grid = ProfileGrid(size: size)
        top = grid.top(revealing: grid.gridRow(of: index), from: top)
    }

    private func render(selected index: Int) -> ProfileScreenRenderer.Frame {
        let glyphs = Glyphs.set(ascii: ascii)
        var options = ProfileScreenRenderer.Options(ascii: ascii, symbols: symbols, background: background, tick: clock.tick, showsHelp: showsHelp)
        options.placeholders = placeholders
        options.statuses = extensions.compactMap { $0.titleSegment(glyphs: glyphs)?.text }
        options.extraKeys = (photoOpenings == nil ? [] : [.openPhoto]) + extensions.flatMap(\.keyHelp)
        options.seeking = isSeeking
        let state = model.viewState
        options.lead = Self.lead(ProfileGrid(size: size), top: top, count: state.rows.count, footer: state.pagination != .idle)
        return ProfileScreenRenderer.render(
            state: model.viewState, author: model.author, size: size, selected: index, top: top, options: options,
            photos: { [photos] in photos?.state(of: $0) },
            marks: { [extensions] row in extensions.rowMark(row, glyphs: glyphs) })
    }

    private func noteMessage() { clock.note(model.viewState.message) }
}
