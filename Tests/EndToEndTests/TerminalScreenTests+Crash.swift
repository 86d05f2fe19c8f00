import EndToEndTesting
import Foundation
import Testing

/// A crash in a real terminal: the screen's process traps, aborts or faults, and the terminal is
/// put back (its settings, the main screen, the cursor) with the held log lines written, made safe,
/// before the process ends; the backtracer's report, when it runs, shows on that terminal. In the
/// serialized suite of the other tmux tests.
extension TerminalScreenTests {
    static let crashProbe = FeedProcess.product("TerminalCrashProbe")

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"), arguments: [("trap", 4), ("abort", 6), ("fault", 11)])
    func aCrashPutsTheTerminalBackAndWritesTheHeldLog(mode: String, signal: Int) async throws {
        // No backtracer: the default action ends the process, as where the runtime's is off.
        let pane = try await TmuxPane(arguments: [mode], environment: ["SWIFT_BACKTRACE": "enable=no"], executable: Self.crashProbe, holds: true)
        defer { pane.kill() }
        #expect(try await pane.waitForExit() == String(128 + signal))
        #expect(try pane.sttyBefore() == pane.sttyAfter(), "the terminal's settings are put back")
        let state = try await pane.tmux(["display-message", "-p", "-t", pane.target, "#{alternate_on} #{cursor_flag}"])
        #expect(state.trimmingCharacters(in: .whitespacesAndNewlines) == "0 1", "the main screen, with the cursor shown")
        let screen = try await pane.screen().joined(separator: "\n")
        #expect(screen.contains("probe: a held line ?]52;c;ZXZpbA==? with an escape"), "the held line, its escape made harmless")
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func theBacktraceOfACrashShowsOnTheTerminalPutBack() async throws {
        let pane = try await TmuxPane(
            arguments: ["trap"], environment: ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"], executable: Self.crashProbe, rows: 60, holds: true)
        defer { pane.kill() }
        #expect(try await pane.waitForExit(timeout: .seconds(60)) == "132")
        #expect(try pane.sttyBefore() == pane.sttyAfter())
        // The whole pane, its scrolled-off lines too: the backtrace is long.
        let screen = try await pane.tmux(["capture-pane", "-p", "-S", "-", "-t", pane.target])
        #expect(screen.contains("probe: a held line"))
        #expect(screen.contains("Fatal error: Index out of range"), "the runtime's own message, from the held log")
        #expect(screen.contains("crashed"), "the backtracer ran after the terminal was put back: \(screen)")
    }
}
