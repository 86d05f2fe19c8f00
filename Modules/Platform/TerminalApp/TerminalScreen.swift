import TerminalUIInterface

/// A full screen that `TerminalRunLoop` drives: it draws frames, takes keys and ticks, while the
/// loop owns the terminal (raw mode, signals, suspend and resume, resizes, redraws).
@MainActor
public protocol TerminalScreen: AnyObject {
    /// The screen is up: start loading. `redraw` asks for a frame, from any thread, for a change
    /// that `frame(size:)` cannot see through Observation (a photo that arrived).
    func start(redraw: @escaping @Sendable () -> Void)
    /// Applies `key`; returns whether the reader asked to quit.
    func handle(_ key: Key) -> Bool
    /// The frame at `size`; a change of any `@Observable` state it read draws again.
    func frame(size: TerminalSize) -> ScreenBuffer
    /// Advances the screen's clocks (a spinner, a message that expires); called while `isAnimating`.
    func tick()
    /// Whether ticks change the screen now.
    var isAnimating: Bool { get }
    /// The process was suspended (`true`: Ctrl-Z, SIGTSTP) or runs again (`false`).
    func setSuspended(_ suspended: Bool)
    /// The process is about to stop (it may be killed while stopped): writes what must not be lost
    /// (the reader's place, telemetry) and returns once it is on disk. Waited for a bounded time.
    func prepareToSuspend() async
    /// What is on top; when it changes (another screen opened or closed), the next frame is sent whole.
    var layer: ObjectIdentifier { get }
}

extension TerminalScreen {
    /// Nothing to pause by default.
    public func setSuspended(_ suspended: Bool) {}

    /// Nothing to write by default.
    public func prepareToSuspend() async {}

    /// One layer by default: the screen itself.
    public var layer: ObjectIdentifier { ObjectIdentifier(self) }
}
