import FeatureFlags
import Feed
import FeedInterface
import ImageCodec
import ImagePipeline
import PluginInterface
import TerminalUI
import TerminalUIInterface

/// The screens of the terminal app and the way between them: the feed, and over it a screen a
/// follow-up opens (a profile). Keys go to the screen on top; leaving it returns to the feed
/// exactly where the reader was.
@MainActor
final class ScreenRouter {
    private(set) var feed: FeedScreen!
    /// The feed's view model (whether a frame shows posts).
    private let model: FeedViewModel
    /// The screen over the feed.
    let stack: ScreenStack<any OverlayScreen>
    /// Called when a photo arrives, so the screen is drawn again.
    var onPhoto: @MainActor () -> Void = {}
    /// Called after each frame is built, with its time and whether it shows posts (telemetry).
    var onFrame: @MainActor (Duration, Bool) -> Void = { _, _ in }
    /// The follow-up whose key opened a screen last.
    private var opener: FlagKey?

    /// The router over the feed's view model with what follow-ups add to it; `photos` loads the
    /// feed's photos (`nil` when photos are off or cannot be drawn here); `photoOpener` opens the
    /// selected post's photo in the system's viewer (`o`).
    init(
        model: FeedViewModel, extensions: [(key: FlagKey, extension: any ScreenExtension)], photos: ImageRowLoader<PostID>?,
        photoOpener: (any PhotoOpener)? = nil, ascii: Bool,
        graphics: GraphicsMode = .blocks, symbols: BlockSymbols = .half, background: TerminalBackground = .dark,
        cellPixels: PixelSize = PixelSize(width: 10, height: 20)
    ) {
        self.model = model
        stack = ScreenStack(extensions: extensions.map(\.extension), appear: { $0.appear() }, leave: { $0.leave() })
        var routed: [any ScreenExtension] = []
        for (key, item) in extensions {
            routed.append(RoutedExtension(key: key, base: item) { [weak self] in self?.opener = $0 })
        }
        feed = FeedScreen(
            model: model, extensions: routed, photos: photos, photoOpener: photoOpener, ascii: ascii, graphics: graphics, symbols: symbols,
            background: background, cellPixels: cellPixels)
    }

    /// The screen over the feed, if one is open.
    var overlay: (any OverlayScreen)? { stack.top }

    /// The server switched `key` off: a screen that follow-up opened closes.
    func switchedOff(_ key: FlagKey) { stack.switchedOff(key) }

    /// Called when the process is suspended (`true`: the place is saved) or runs again (`false`: a return).
    var onSuspended: @MainActor (Bool) -> Void = { _ in }

    /// Called before the process stops: returns once what must not be lost is on disk.
    var beforeSuspend: @MainActor () async -> Void = {}

    /// Writes the place and telemetry before the process stops.
    func prepareToSuspend() async { await beforeSuspend() }

    /// The process was suspended (`true`) or resumed (`false`): no polling meanwhile.
    func setSuspended(_ suspended: Bool) {
        stack.setSuspended(suspended)
        onSuspended(suspended)
    }

    /// Applies `key` to the screen on top; returns whether the reader asked to quit.
    func handle(_ key: Key) -> Bool {
        if let overlay {
            switch overlay.press(key) {
            case .back: stack.close()
            case .quit: return true
            case .handled, .ignored: break
            }
            return false
        }
        switch feed.handle(key) {
        case .quit: return true
        case .open(let screen): stack.open(screen, owner: opener)
        case .handled, .ignored: break
        }
        return false
    }

    /// The frame of the screen on top.
    func frame(size: TerminalSize) -> ScreenBuffer {
        let begin = ContinuousClock.now
        let buffer = overlay?.frame(size: size) ?? feed.frame(size: size)
        onFrame(ContinuousClock.now - begin, !model.viewState.rows.isEmpty)
        return buffer
    }

    /// Advances both screens' clocks (the feed's messages expire under an overlay too).
    func tick() {
        feed.tick()
        overlay?.tick()
    }

    /// Whether ticks change the screen on top.
    var isAnimating: Bool { overlay?.isAnimating ?? feed.isAnimating }
}
