import Foundation
import Observation
import TerminalUI
import TerminalUIInterface

/// The loop of a full-screen terminal app: raw mode, the alternate screen and a hidden cursor,
/// keys, a ticker, resizes, Ctrl-Z and SIGTSTP (the terminal restored while stopped), and a frame
/// drawn again whenever what the last one read changes. The terminal is put back on every way out:
/// a quit key, SIGINT, SIGTERM, SIGHUP, SIGQUIT, the end of input and a failed write.
@MainActor
public struct TerminalRunLoop {
    /// How often a screen that `isAnimating` ticks.
    public var tickInterval = Duration.milliseconds(100)
    /// Whether stderr is held while the screen is up (log lines would scroll it) and printed after.
    public var holdsStandardError = true
    /// The longest a suspend waits for the screen's writes before the process stops.
    public var suspendWriteLimit = Duration.seconds(2)
    private let terminal: Terminal
    private let makeInput: () -> TerminalInput
    private let depth: ColorDepth
    private let graphics: GraphicsMode
    private let kittyFiles: Bool
    private let suspendProcess: () -> Void

    /// A loop on stdin and stdout, with colours at `depth` (detected from the environment by
    /// default) and the photos screens place drawn by `graphics`, kitty photos sent as files
    /// when `kittyFiles` (the terminal said it reads them).
    public init(
        depth: ColorDepth = ColorDepth.detect(environment: ProcessInfo.processInfo.environment), graphics: GraphicsMode = .blocks, kittyFiles: Bool = false
    ) {
        self.init(terminal: Terminal(), input: { TerminalInput() }, depth: depth, graphics: graphics, kittyFiles: kittyFiles, suspend: ProcessStop.stop)
    }

    /// A loop on `terminal` reading `input`, where `suspend` stops the process until it runs again.
    init(
        terminal: Terminal, input: @escaping () -> TerminalInput, depth: ColorDepth, graphics: GraphicsMode = .blocks, kittyFiles: Bool = false,
        suspend: @escaping () -> Void
    ) {
        self.terminal = terminal
        makeInput = input
        self.depth = depth
        self.graphics = graphics
        self.kittyFiles = kittyFiles
        suspendProcess = suspend
    }

    /// Whether stdin and stdout are both terminals, so `run` can draw.
    public static var canRun: Bool { Terminal.isTerminal(STDIN_FILENO) && Terminal.isTerminal(STDOUT_FILENO) }

    /// Runs `screen` until the reader quits; returns the exit status (128 + the signal for one
    /// that ended it). Throws when the terminal cannot be switched or written, after putting it back.
    public func run(_ screen: any TerminalScreen) async throws -> Int32 {
        // Signals are caught before raw mode starts, so none can end the process with the terminal still raw.
        let input = makeInput()
        defer { input.stop() }
        let heldErrors = holdsStandardError ? StandardErrorHold() : nil
        defer { heldErrors?.release() }
        try terminal.enterRawMode()
        defer { terminal.restore() }
        let terminal = terminal
        let files = kittyFiles && graphics == .kitty ? KittyTempFiles() : nil
        defer { files?.removeAll() }
        let writer = ScreenWriter(depth: depth, graphics: graphics, kittyFiles: files) { try terminal.write($0) }
        let interval = tickInterval
        let ticker = Task { @MainActor in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard screen.isAnimating else { continue }
                screen.tick()
                input.post(.redraw)
            }
        }
        defer { ticker.cancel() }

        screen.start { input.post(.redraw) }
        var layer = screen.layer
        try draw(screen, writer: writer, input: input)
        for await event in input.events {
            switch event {
            case .key(let key):
                if screen.handle(key) { return 0 }
            case .resize:
                writer.invalidate()
            case .terminate(let signal):
                return 128 + signal
            case .suspend:
                screen.setSuspended(true)
                // A stopped process may be killed: what must not be lost is written first (at most 2 s).
                await Self.waitAtMost(suspendWriteLimit) { await screen.prepareToSuspend() }
                terminal.restore()
                suspendProcess()
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
            // Another screen on top is drawn whole: no cell of the last one may stay behind.
            if screen.layer != layer {
                layer = screen.layer
                writer.invalidate()
            }
            try draw(screen, writer: writer, input: input)
        }
        return 0
    }

    /// Runs `work` and returns when it ends or after `limit`, whichever comes first (the work goes on).
    private static func waitAtMost(_ limit: Duration, _ work: @escaping @MainActor () async -> Void) async {
        let running = Task { @MainActor in await work() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await running.value }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Draws a frame and asks for another as soon as anything it read changes.
    private func draw(_ screen: any TerminalScreen, writer: ScreenWriter, input: TerminalInput) throws {
        let size = terminal.size() ?? TerminalSize(columns: 80, rows: 24)
        let frame = withObservationTracking {
            screen.frame(size: size)
        } onChange: {
            input.post(.redraw)
        }
        try writer.draw(frame)
    }
}
