/// Sends frames to a terminal, each time only the cells that changed since the last frame.
public final class ScreenWriter {
    private let colors: Bool
    private let output: (String) throws -> Void
    private var shown: ScreenBuffer?

    /// Creates a writer that sends escape sequences to `output`; colours only when `colors`.
    public init(colors: Bool, output: @escaping (String) throws -> Void) {
        self.colors = colors
        self.output = output
    }

    /// Sends what changed between the last frame and `frame`; everything after `invalidate()`
    /// or when the size changed. Sends nothing when nothing changed.
    public func draw(_ frame: ScreenBuffer) throws {
        let text = FrameDiff.encode(from: shown, to: frame, colors: colors)
        shown = frame
        if !text.isEmpty { try output(text) }
    }

    /// Forgets what the terminal shows, so the next frame is sent whole (after a resize).
    public func invalidate() {
        shown = nil
    }
}
