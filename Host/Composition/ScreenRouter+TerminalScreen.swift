import TerminalApp

/// The router is what the terminal loop drives: it starts the feed, and a screen opening over it
/// or closing is a new layer, drawn whole.
extension ScreenRouter: TerminalScreen {
    func start(redraw: @escaping @Sendable () -> Void) {
        onPhoto = redraw
        feed.start()
    }

    var layer: ObjectIdentifier { overlay.map { ObjectIdentifier($0) } ?? ObjectIdentifier(feed) }
}
