import Testing
import TerminalUI
@testable import TerminalApp

/// The loop over a pseudo-terminal, with a screen that records what the loop asks of it.
@MainActor
@Suite struct TerminalRunLoopTests {
    /// A screen that quits on `q` and records the calls it gets.
    final class RecordingScreen: TerminalScreen {
        var calls: [String] = []

        func start(redraw: @escaping @Sendable () -> Void) { calls.append("start") }

        func handle(_ key: Key) -> Bool {
            calls.append("key \(key)")
            return key == .character("q")
        }

        func frame(size: TerminalSize) -> ScreenBuffer {
            var buffer = ScreenBuffer(size: size)
            _ = buffer.write("hello", row: 0, column: 0)
            return buffer
        }

        func tick() {}

        var isAnimating: Bool { false }

        func setSuspended(_ suspended: Bool) { calls.append("suspended \(suspended)") }
    }

    /// Runs the loop on a fresh pseudo-terminal while `keys` are typed; returns the exit status,
    /// the screen's calls and whether the terminal was raw at each stop of the process.
    private func run(typing keys: [UInt8]) async throws -> (status: Int32, calls: [String], rawAtStop: [Bool], rawAfter: Bool) {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let terminal = Terminal(input: pty.replica, output: pty.replica)
        var rawAtStop: [Bool] = []
        var loop = TerminalRunLoop(
            terminal: terminal, input: { TerminalInput(descriptor: pty.replica, signals: false) }, depth: .none,
            suspend: { rawAtStop.append(terminal.isRaw) })
        loop.holdsStandardError = false
        let screen = RecordingScreen()
        pty.type(keys)
        let status = try await loop.run(screen)
        return (status, screen.calls, rawAtStop, terminal.isRaw)
    }

    @Test func aQuitKeyEndsWithZeroAndTheTerminalPutBack() async throws {
        let result = try await run(typing: Array("jq".utf8))
        #expect(result.status == 0)
        #expect(result.calls == ["start", "key character(\"j\")", "key character(\"q\")"])
        #expect(!result.rawAfter)
    }

    @Test func ctrlZStopsTheProcessWithTheTerminalRestoredAndComesBack() async throws {
        // Raw mode turns the terminal's own Ctrl-Z off: the byte 0x1A must suspend, not reach the screen.
        let result = try await run(typing: [0x1A] + Array("q".utf8))
        #expect(result.rawAtStop == [false], "stopped once, with the terminal as it was")
        #expect(result.calls == ["start", "suspended true", "suspended false", "key character(\"q\")"])
        #expect(result.status == 0)
        #expect(!result.rawAfter)
    }
}
