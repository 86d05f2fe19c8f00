import EndToEndTesting
import Foundation
import Testing

/// Ctrl-Z and SIGTSTP in a real terminal: `feed` stops as a job of the pane's shell with the
/// terminal put back, and `fg` brings the screen back. In the serialized suite of the other tmux
/// tests, so no more tmux servers start at once than before.
extension TerminalScreenTests {
    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func ctrlZAndSIGTSTPStopTheProcessWithTheTerminalRestoredAndFgRedraws() async throws {
        let server = try TestServer()
        let pane = try await TmuxPane(arguments: ["--server", server.url], jobControl: true)
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the first page") { Self.text($0).contains("1/20") }

        // Raw mode turns the terminal's Ctrl-Z off: the key itself must stop the process.
        try await pane.send("C-z")
        #expect(try await pane.waitForStop(1) == pane.sttyBefore(), "stopped with the terminal as it was")
        try pane.continueJob(1)
        _ = try await pane.waitForScreen("the screen back after fg") { Self.text($0).contains("q quit") }

        try await pane.signal(SIGTSTP)
        #expect(try await pane.waitForStop(2) == pane.sttyBefore(), "a SIGTSTP from outside stops it too")
        try pane.continueJob(2)
        _ = try await pane.waitForScreen("the screen back after the second fg") { Self.text($0).contains("q quit") }

        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
        #expect(try pane.sttyBefore() == pane.sttyAfter())
    }
}
