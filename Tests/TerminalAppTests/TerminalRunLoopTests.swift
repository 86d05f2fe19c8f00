import Testing
import TerminalUI
import TerminalUIInterface
@testable import TerminalApp

/// The loop over a pseudo-terminal, with a screen that records what the loop asks of it.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct TerminalRunLoopTests {
    /// A screen that quits on `q`, records the calls it gets and, on a call named in `typing`, types
    /// those keys: only once the terminal is raw, since switching modes discards keys not yet read.
    final class RecordingScreen: TerminalScreen {
        var calls: [String] = []
        private let typing: [String: [UInt8]]
        private let type: ([UInt8]) -> Void

        init(typing: [String: [UInt8]], type: @escaping ([UInt8]) -> Void) {
            self.typing = typing
            self.type = type
        }

        private func record(_ call: String) {
            calls.append(call)
            if let keys = typing[call] { type(keys) }
        }

        func start(redraw: @escaping @Sendable () -> Void) { record("start") }

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

        func setSuspended(_ suspended: Bool) { record("suspended \(suspended)") }
    }

    /// Runs the loop on a fresh pseudo-terminal, typing keys at the screen's calls named in `keys`;
    /// returns the exit status, the screen's calls and whether the terminal was raw at each stop of the process.
    private func run(typing keys: [String: [UInt8]]) async throws -> (status: Int32, calls: [String], rawAtStop: [Bool], rawAfter: Bool) {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let terminal = Terminal(input: pty.replica, output: pty.replica)
        var rawAtStop: [Bool] = []
        var loop = TerminalRunLoop(
            terminal: terminal, input: { TerminalInput(descriptor: pty.replica, signals: false) }, depth: .none,
            suspend: { rawAtStop.append(terminal.isRaw) })
        loop.holdsStandardError = false
        let screen = RecordingScreen(typing: keys) { pty.type($0) }
        let status = try await loop.run(screen)
        return (status, screen.calls, rawAtStop, terminal.isRaw)
    }

    @Test func aQuitKeyEndsWithZeroAndTheTerminalPutBack() async throws {
        let result = try await run(typing: ["start": Array("jq".utf8)])
        #expect(result.status == 0)
        #expect(result.calls == ["start", "key character(\"j\")", "key character(\"q\")"])
        #expect(!result.rawAfter)
    }

    @Test func ctrlZStopsTheProcessWithTheTerminalRestoredAndComesBack() async throws {
        // Raw mode turns the terminal's own Ctrl-Z off: the byte 0x1A must suspend, not reach the screen.
        let result = try await run(typing: ["start": [0x1A], "suspended false": Array("q".utf8)])
        #expect(result.rawAtStop == [false], "stopped once, with the terminal as it was")
        #expect(result.calls == ["start", "suspended true", "suspended false", "key character(\"q\")"])
        #expect(result.status == 0)
        #expect(!result.rawAfter)
    }
}
