/// Sends frames to a terminal, each time only the cells that changed since the last frame.
public final class ScreenWriter {
    private let depth: ColorDepth
    private let output: (String) throws -> Void
    private var shown: ScreenBuffer?

    /// Creates a writer that sends escape sequences to `output` with colours at `depth`.
    public init(depth: ColorDepth, output: @escaping (String) throws -> Void) {
        self.depth = depth
        self.output = output
    }

    /// Creates a writer with basic colours (24-bit ones as the nearest of 256) when `colors`, none otherwise.
    public convenience init(colors: Bool, output: @escaping (String) throws -> Void) {
        self.init(depth: colors ? .palette256 : .none, output: output)
    }

    /// Sends what changed between the last frame and `frame`; everything after `invalidate()`
    /// or when the size changed. Sends nothing when nothing changed.
    public func draw(_ frame: ScreenBuffer) throws {
        let text = FrameDiff.encode(from: shown, to: frame, depth: depth)
        shown = frame
        if !text.isEmpty { try output(text) }
    }

    /// Forgets what the terminal shows, so the next frame is sent whole (after a resize).
    public func invalidate() {
        shown = nil
    }
}
