import EndToEndTesting
import Foundation
import Testing
import TestingSupport

/// What `feed` prints stays bounded whatever it is fed, and a reader that goes away ends it cleanly.
@Suite(.heavy) struct OutputBoundsTests {
    @Test func aTenMegabyteLineIsAnErrorThatQuotesAtMostTwoHundredCharacters() async throws {
        let server = try TestServer()
        let feed = try server.headless()
        let answer = try await feed.send(String(repeating: "x", count: 10_000_000))
        let error = try #require(answer["error"] as? String)
        #expect(error.count < 600, "the error quotes a short excerpt, not the line")
        #expect(error.hasPrefix("unknown command '\(String(repeating: "x", count: 200))…'"))
        _ = try await feed.send("open")
        #expect(Headless.rows(try await feed.send("settle")).count == 20, "the session goes on")
        #expect(try await feed.finish() == 0)
    }

    @Test func aClosedStdoutEndsTheSessionCleanlyWithoutSIGPIPE() async throws {
        let server = try TestServer()
        let process = Process()
        process.executableURL = FeedProcess.executable
        process.arguments = ["--headless", "--server", server.url]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited = ExitSignal()
        process.terminationHandler = { _ in exited.fire() }
        try process.run()
        try output.fileHandleForReading.close()
        // Each command's answer goes to a closed pipe; the first failed write ends the session.
        // One small write that fits the pipe's buffer, so this test never writes to a closed pipe.
        input.fileHandleForWriting.write(Data(String(repeating: "open\nstate\n", count: 5).utf8))
        let timer = Task {
            try await Task.sleep(for: .seconds(20))
            process.terminate()
        }
        await exited.wait()
        timer.cancel()
        #expect(process.terminationReason == .exit, "not killed by a signal")
        #expect(process.terminationStatus == 0)
    }
}
