import TerminalApp
import TerminalUI

/// `feed` on a terminal: the interactive feed screen, run by the shared terminal loop.
@MainActor
enum ScreenMode {
    /// Runs the screen until the reader quits; returns the exit status.
    static func run(router: ScreenRouter, depth: ColorDepth, graphics: GraphicsMode = .blocks, kittyFiles: Bool = false) async -> Int32 {
        do {
            return try await TerminalRunLoop(depth: depth, graphics: graphics, kittyFiles: kittyFiles).run(router)
        } catch {
            StandardStreams.err("feed: \(error)")
            return 1
        }
    }
}
