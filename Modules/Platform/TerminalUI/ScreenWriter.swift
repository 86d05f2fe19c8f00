import ImageCodec
import TerminalUIInterface

/// Sends frames to a terminal, each time only the cells that changed since the last frame, and
/// the photos a graphics protocol draws when they moved.
public final class ScreenWriter {
    private let depth: ColorDepth
    private let graphics: GraphicsMode
    private let output: (String) throws -> Void
    private var shown: ScreenBuffer?
    private var images = GraphicsImageIDs()
    private let kittyFiles: KittyTempFiles?

    /// Creates a writer that sends escape sequences to `output` with colours at `depth`, photos
    /// placed in frames drawn by `graphics`; kitty photos go as files of `kittyFiles` where given
    /// (a terminal on this machine that said it reads them), else through the terminal.
    public init(depth: ColorDepth, graphics: GraphicsMode = .blocks, kittyFiles: KittyTempFiles? = nil, output: @escaping (String) throws -> Void) {
        self.depth = depth
        self.graphics = graphics
        self.kittyFiles = kittyFiles
        self.output = output
    }

    /// Creates a writer with basic colours (24-bit ones as the nearest of 256) when `colors`, none otherwise.
    public convenience init(colors: Bool, output: @escaping (String) throws -> Void) {
        self.init(depth: colors ? .palette256 : .none, output: output)
    }

    /// Sends what changed between the last frame and `frame`; everything after `invalidate()`
    /// or when the size changed. Sends nothing when nothing changed.
    public func draw(_ frame: ScreenBuffer) throws {
        let previous = shown
        let moved = previous?.graphics != frame.graphics
        // A sixel stays in the terminal's pixels until cells are written over it: when photos
        // move, the whole frame is sent again (a clear first) and the photos drawn on top; else
        // only a photo some of whose cells were written again is sent again.
        let base = graphics == .sixel && moved ? nil : previous
        var text = FrameDiff.encode(from: base, to: frame, depth: depth)
        switch graphics {
        case .blocks:
            break
        case .kitty:
            if moved || base == nil { text += kitty(frame.graphics) }
        case .sixel:
            let redrawn = if let base { frame.graphics.filter { Self.isWrittenOver($0, from: base, to: frame) } } else { frame.graphics }
            text += redrawn.map(Self.sixel).joined()
        }
        shown = frame
        if !text.isEmpty { try output(text) }
    }

    /// Forgets what the terminal shows, so the next frame is sent whole (after a resize).
    public func invalidate() {
        shown = nil
    }

    /// Removes the last placements and places `placements`, sending each image's pixels once.
    private func kitty(_ placements: [GraphicsPlacement]) -> String {
        var out = KittyGraphics.deleteAllPlacements
        for placement in placements {
            let (id, isNew, evicted) = images.id(for: placement.key)
            if let evicted { out += KittyGraphics.delete(id: evicted) }
            if isNew { out += KittyGraphics.transmit(placement.rgbImage, id: id, files: kittyFiles) }
            out += ANSI.moveTo(row: placement.row + placement.shown.lowerBound, column: placement.column)
            out += KittyGraphics.place(
                id: id, width: placement.image.width, pixelRows: placement.shownPixelRows, columns: placement.columns, rows: placement.shown.count)
        }
        return out
    }

    /// Whether the frame writes a cell of `placement`'s shown lines (or a wide grapheme reaching into them).
    private static func isWrittenOver(_ placement: GraphicsPlacement, from old: ScreenBuffer, to new: ScreenBuffer) -> Bool {
        guard old.size == new.size else { return true }
        let rows = max(0, placement.row + placement.shown.lowerBound)..<min(new.size.rows, max(0, placement.row + placement.shown.upperBound))
        let columns = max(0, placement.column - 1)..<min(new.size.columns, max(0, placement.column + placement.columns))
        for row in rows {
            for column in columns where old[row, column] != new[row, column] { return true }
        }
        return false
    }

    /// The sixel of a placement's shown lines, at its first shown cell.
    private static func sixel(_ placement: GraphicsPlacement) -> String {
        let rows = placement.shownPixelRows
        guard !rows.isEmpty else { return "" }
        let image = placement.rgbImage
        let cropped = RGBImage(width: image.width, height: rows.count, pixels: Array(image.pixels[(rows.lowerBound * image.width * 3)..<(rows.upperBound * image.width * 3)]))
        return ANSI.moveTo(row: placement.row + placement.shown.lowerBound, column: placement.column) + SixelEncoder.encode(cropped)
    }
}
