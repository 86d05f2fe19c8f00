import Foundation
import Testing
import TestingSupport

/// `feed-chaos` as CI and a developer run it: the built executable driving the built `feed`.
@Suite(.serialized, .heavy) struct FeedChaosRunTests {
    /// The executables `swift build` put beside the test bundle (else in `.build/debug`).
    static func executable(_ name: String) -> URL {
        let beside = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/\(name)")
    }

    /// Runs `feed-chaos` with `arguments`; returns its exit status and stdout lines. The waits are
    /// on a thread of their own: a run takes seconds, a minute on a loaded box.
    static func chaos(_ arguments: [String], feed: URL = executable("feed"), timeout: TimeInterval = 300) async throws -> (status: Int32, lines: [String]) {
        let (status, lines, timedOut) = try await onOwnThread { try run(arguments, feed: feed, timeout: timeout) }
        if timedOut { Issue.record("feed-chaos \(arguments) did not end within \(timeout) s") }
        return (status, lines)
    }

    private static func run(_ arguments: [String], feed: URL, timeout: TimeInterval) throws -> (status: Int32, lines: [String], timedOut: Bool) {
        let process = Process()
        process.executableURL = executable("feed-chaos")
        process.arguments = arguments + ["--feed", feed.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let timedOut = done.wait(timeout: .now() + timeout) == .timedOut
        if timedOut { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init), timedOut)
    }

    /// The first violation's invariant line and the replay line of a report.
    static func violation(_ lines: [String]) -> (invariant: String, replay: String)? {
        guard let invariant = lines.first(where: { $0.hasPrefix("  invariant ") }),
              let replay = lines.first(where: { $0.hasPrefix("  replay: ") })
        else { return nil }
        return (String(invariant.prefix(14)), String(replay.dropFirst("  replay: ".count)))
    }

    @Test func aLyingServerIsReportedWithAReplayLineThatReproducesIt() async throws {
        let run = try await Self.chaos(["--sessions", "2", "--seed", "7", "--commands", "30", "--lying-server"])
        #expect(run.status == 1, "\(run.lines.suffix(5))")
        let found = try #require(Self.violation(run.lines), "a violation report: \(run.lines.prefix(30))")
        #expect(found.invariant == "  invariant 2 ")
        #expect(run.lines.contains { $0.hasPrefix("VIOLATION — seed 7, session ") && $0.contains("flags ") && $0.contains("at command ") })
        #expect(run.lines.contains("  last commands (+ liked, - not liked, ? unknown, * pending):"))
        #expect(run.lines.contains { $0.hasPrefix("2 sessions · 2 flag combinations · ") && $0.hasSuffix(" · 2 violations") })
        #expect(found.replay.hasPrefix("feed-chaos --seed 7 --session ") && found.replay.contains("--lying-server"))

        // The replay line alone runs that one session and finds the same invariant broken.
        let words = found.replay.split(separator: " ").dropFirst().map(String.init)
        let feedIndex = try #require(words.firstIndex(of: "--feed"))
        let replay = try await Self.chaos(Array(words[..<feedIndex] + words[(feedIndex + 2)...]))
        #expect(replay.status == 1)
        #expect(Self.violation(replay.lines)?.invariant == found.invariant)
        #expect(replay.lines.contains { $0.hasPrefix("1 sessions · 1 flag combinations · ") })
    }

    @Test func anHonestShortRunEndsCleanWithTheSummaryAndMemoryFigures() async throws {
        // Session 27 of seed 4242 runs persistent-like-queue and offline-pages (with the flags of
        // today's build) with three SIGKILLs: it found a tap answered before its outbox write (fixed since).
        let run = try await Self.chaos(["--session", "27", "--seed", "4242"])
        #expect(run.status == 0, "\(run.lines.suffix(40))")
        let build = try #require(run.lines.first, "the flags read from the build come first")
        #expect(build.hasPrefix("flags from feed flags --json (") && build.contains(" combinations"), "\(build)")
        #expect(run.lines.contains { $0.hasPrefix("1 sessions · 1 flag combinations · ") && $0.hasSuffix(" · 0 violations") })
        #expect(run.lines.contains { $0.hasPrefix("client memory") })
        #expect(run.lines.contains { $0.hasPrefix("server memory") })
    }

    @Test func anHonestShortRunWithPhotosAndHostileOnesAmongThemEndsClean() async throws {
        let run = try await Self.chaos(["--sessions", "2", "--commands", "40", "--seed", "11", "--photos", "on"])
        #expect(run.status == 0, "\(run.lines.suffix(40))")
        #expect(run.lines.filter { $0.hasPrefix("session ") }.allSatisfy { $0.contains(" · photos on (") }, "\(run.lines)")
        #expect(run.lines.contains { $0.hasPrefix("2 sessions · ") && $0.contains(" · 2 with photos on · ") && $0.hasSuffix(" · 0 violations") })
        let checks = try #require(run.lines.first { $0.hasPrefix("checks by invariant: ") })
        #expect(!checks.contains("(9) 0 "), "\(checks)")
        let photos = try #require(run.lines.first { $0.hasPrefix("photos (2 sessions): rows by photo state: ") }, "\(run.lines)")
        #expect(photos.contains(" · slowest answer ") && photos.contains(" · highest client VmRSS at a settle "), "\(photos)")
    }

    @Test func anHonestShortRunWithTwoProcessesOnOneDataDirectoryEndsClean() async throws {
        // Of sessions 0…7 of seed 4242, every one with persistent-like-queue runs a twin (how many
        // have it depends on how many flags the build declares), with kills.
        let run = try await Self.chaos(["--sessions", "8", "--commands", "40", "--seed", "4242", "--twin", "on"])
        #expect(run.status == 0, "\(run.lines.suffix(40))")
        let sessions = run.lines.filter { $0.hasPrefix("session ") }
        let twins = sessions.filter { $0.contains(" · twin on (") }
        let queued = sessions.filter { $0.contains("persistent-like-queue") }
        #expect(!twins.isEmpty && twins == queued, "\(sessions)")
        #expect(sessions.filter { !$0.contains("persistent-like-queue") }.allSatisfy { $0.contains(" · twin off · ") }, "\(sessions)")
        #expect(run.lines.contains { $0.hasPrefix("8 sessions · ") && $0.contains(" · \(twins.count) with a twin · ") && $0.hasSuffix(" · 0 violations") }, "\(run.lines)")
    }

    @Test func theTwinsStressCountsNoLostAndNoStuckTap() async throws {
        let run = try await Self.chaos(["--twins", "5", "--seed", "7"])
        #expect(run.status == 0, "\(run.lines.suffix(20))")
        #expect(run.lines.last?.hasPrefix("twins: 5 sessions in ") == true, "\(run.lines)")
        #expect(run.lines.last?.hasSuffix(": 0 final taps lost, 0 stuck, 0 sessions could not run") == true, "\(run.lines)")
    }

    @Test func flagsTheBuildAddsAreToggledAndPastFiveFlagsTheSessionsTakeACoveringSample() async throws {
        // A feed that declares two built flags more than the real one, notes how it was run, and
        // runs the real one without them (which does not know them).
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feed-chaos-wrapper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let calls = directory.appendingPathComponent("calls")
        let wrapper = directory.appendingPathComponent("feed")
        let extra = #"{"built":true,"key":"zeta-one","kind":"release"},{"built":true,"key":"zeta-two","kind":"kill-switch"},"#
        try Data("""
            #!/bin/sh
            real='\(Self.executable("feed").path)'
            echo "$@" >> '\(calls.path)'
            if [ "$1" = flags ]; then "$real" "$@" | sed 's/"flags":\\[/"flags":[\(extra)/'; exit 0; fi
            held=
            for a in "$@"; do
              shift
              if [ -n "$held" ]; then
                case "$a" in zeta-*) ;; *) set -- "$@" "$held" "$a" ;; esac
                held=
              else
                case "$a" in --enable|--disable) held=$a ;; *) set -- "$@" "$a" ;; esac
              fi
            done
            exec "$real" "$@"

            """.utf8).write(to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)

        let run = try await Self.chaos(["--sessions", "2", "--commands", "20", "--seed", "3"], feed: wrapper)
        #expect(run.status == 0, "\(run.lines.suffix(20))")
        let build = try #require(run.lines.first)
        // The wrapper adds two flags to however many the build declares.
        let declared = try #require(Int(build.split(separator: "(").dropFirst().first?.split(separator: ")").first ?? ""), "\(build)")
        #expect(declared >= 6)
        #expect(build.hasPrefix("flags from feed flags --json (\(declared)): zeta-one, zeta-two, "), "\(build)")
        #expect(build.contains(" of \(1 << declared) combinations per block of "), "\(build)")
        let headless = try String(contentsOf: calls, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("--headless") }
        #expect(!headless.isEmpty && headless.allSatisfy { $0.contains("able zeta-one") && $0.contains("able zeta-two") }, "\(headless)")
    }

    @Test func aFeedThatCannotListItsFlagsExitsTwo() async throws {
        let run = try await Self.chaos(["--sessions", "1"], feed: URL(fileURLWithPath: "/bin/false"))
        #expect(run.status == 2)
        #expect(run.lines.isEmpty, "the error goes to stderr")
    }

    @Test func aMistakeOnTheCommandLineExitsTwoWithOneLine() async throws {
        let run = try await Self.chaos(["--sessions", "none"])
        #expect(run.status == 2)
        #expect(run.lines.isEmpty, "the error goes to stderr")
    }
}
