import Feed
import FeedInterface
import ImagePipeline
import TerminalApp
import TerminalUIInterface

/// The feed screen alone, as the terminal loop drives it: no profile to open, no pill.
@MainActor
final class FeedDemoScreen: TerminalScreen {
    private var screen: FeedScreen!
    private var redraw: @Sendable () -> Void = {}

    /// The screen over `model`; with `photos`, rows draw their photos as they arrive.
    init(model: FeedViewModel, photos: ImagePipeline?, ascii: Bool) {
        let loader = photos.map { ImageRowLoader<PostID>(pipeline: $0) { [weak self] _ in self?.redraw() } }
        screen = FeedScreen(model: model, photos: loader, ascii: ascii)
    }

    func start(redraw: @escaping @Sendable () -> Void) {
        self.redraw = redraw
        screen.start()
    }

    func handle(_ key: Key) -> Bool { screen.handle(key) == .quit }

    func frame(size: TerminalSize) -> ScreenBuffer { screen.frame(size: size) }

    func tick() { screen.tick() }

    var isAnimating: Bool { screen.isAnimating }
}
