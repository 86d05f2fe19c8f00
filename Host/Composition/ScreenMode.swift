import Feed
import Foundation
import Observation
import TerminalUI

/// `feed` on a terminal: the interactive feed screen. Raw mode, the alternate screen and the
/// hidden cursor are put back on every way out — `q`, Ctrl-C, SIGINT, SIGTERM, SIGHUP, the end
/// of input, and a failed write.
@MainActor
enum ScreenMode {
    /// How often the spinner turns and an expired message is checked.
    static let tickInterval = Duration.milliseconds(100)

    /// Runs the screen until the reader quits; returns the exit status.
    static func run(router: ScreenRouter) async -> Int32 {
        let terminal = Terminal()
        // Signals are caught before raw mode starts, so none can end the process with the
        // terminal still raw.
        let input = TerminalInput()
        defer { input.stop() }
        // Log lines (the embedded server's, the cache's warnings) would scroll the screen: they
        // are held while it is up and printed once the terminal is back.
        let heldErrors = StandardErrorHold()
        defer { heldErrors.release() }
        do {
            try terminal.enterRawMode()
        } catch {
            heldErrors.release()
            StandardStreams.err("feed: \(error)")
            return 1
        }
        defer { terminal.restore() }
        let screen = router
        router.onPhoto = { input.post(.redraw) }
        let depth = ColorDepth.detect(environment: ProcessInfo.processInfo.environment)
        let writer = ScreenWriter(depth: depth) { try terminal.write($0) }
        let ticker = Task { @MainActor in
            while !Task.isCancelled {
                try? await Task.sleep(for: tickInterval)
                guard screen.isAnimating else { continue }
                screen.tick()
                input.post(.redraw)
            }
        }
        defer { ticker.cancel() }

        do {
            router.feed.start()
            try draw(screen, writer: writer, terminal: terminal, input: input)
            for await event in input.events {
                switch event {
                case .key(let key):
                    let onProfile = screen.overlay != nil
                    if screen.handle(key) { return 0 }
                    // Going back to the feed redraws it whole: no cell of the grid may stay behind.
                    if onProfile != (screen.overlay != nil) { writer.invalidate() }
                case .resize:
                    writer.invalidate()
                case .terminate(let signal):
                    return 128 + signal
                case .suspend:
                    screen.setSuspended(true)
                    terminal.restore()
                    // Stop for real now; execution goes on here after SIGCONT.
                    signal(SIGTSTP, SIG_DFL)
                    raise(SIGTSTP)
                    signal(SIGTSTP, SIG_IGN)
                    try terminal.enterRawMode()
                    screen.setSuspended(false)
                    writer.invalidate()
                case .resume:
                    screen.setSuspended(false)
                    writer.invalidate()
                case .inputClosed:
                    return 0
                case .redraw:
                    break
                }
                try draw(screen, writer: writer, terminal: terminal, input: input)
            }
            return 0
        } catch {
            terminal.restore()
            StandardStreams.err("feed: \(error)")
            return 1
        }
    }

    /// Draws a frame and asks for another as soon as anything it read from the view model changes.
    private static func draw(_ screen: ScreenRouter, writer: ScreenWriter, terminal: Terminal, input: TerminalInput) throws {
        let size = terminal.size() ?? TerminalSize(columns: 80, rows: 24)
        let frame = withObservationTracking {
            screen.frame(size: size)
        } onChange: {
            input.post(.redraw)
        }
        try writer.draw(frame)
    }
}
