import Foundation
import Testing
import TestingSupport
@testable import Host

/// A viewer runs apart from feed: no terminal, no descriptor of feed's, no signal feed ignores,
/// and it is reaped whenever it ends.
@Suite struct DetachedProcessTests {
    @Test func itsExitIsSeenAndItIsReaped() async throws {
        let process = try DetachedProcess.spawn("/bin/sh", arguments: ["sh", "-c", "exit 3"], environment: [:])
        #expect(await process.ending(within: .seconds(20)) == .exited(3))
        #expect(process.hasEnded)
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(process.pid)"), "no zombie left")
    }

    @Test func itRunsInASessionOfItsOwnWithDefaultSignalsAndOnlyDevNull() async throws {
        // feed ignores the terminal's signals and broken pipes; a viewer must not inherit that.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let pipe = Pipe()  // an open descriptor of this process: the child must not have it
        defer { try? pipe.fileHandleForWriting.close() }
        let process = try DetachedProcess.spawn("/bin/sleep", arguments: ["sleep", "600"], environment: [:])
        defer { kill(process.pid, SIGKILL) }
        let proc = "/proc/\(process.pid)"
        // The exec is done once the process shows its new name.
        #expect(await eventually { (try? String(contentsOfFile: proc + "/comm", encoding: .utf8)) == "sleep\n" })
        let status = try String(contentsOfFile: proc + "/status", encoding: .utf8).split(separator: "\n")
        func mask(_ name: String) -> UInt64? {
            status.first { $0.hasPrefix(name + ":") }.flatMap { UInt64($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16) }
        }
        // Signals 1–31; glibc's spawn leaves its own two real-time signals (32, 33) ignored in every child.
        #expect(try #require(mask("SigIgn")) & 0x7FFF_FFFF == 0, "no standard signal ignored: \(status)")
        #expect(try #require(mask("SigBlk")) == 0, "none blocked")
        let stat = try String(contentsOfFile: proc + "/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ") ")!.upperBound...].split(separator: " ")
        #expect(fields[3] == "\(process.pid)", "a session of its own, no controlling terminal: \(stat)")
        #expect(fields[4] == "0", "no controlling terminal: \(stat)")
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: proc + "/fd").sorted()
        #expect(descriptors == ["0", "1", "2"])
        for descriptor in descriptors {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(proc)/fd/\(descriptor)") == "/dev/null")
        }
    }

    @Test func aProcessStillRunningIsLeftRunningThenReapedWhenKilled() async throws {
        let process = try DetachedProcess.spawn("/bin/sleep", arguments: ["sleep", "600"], environment: [:])
        defer { kill(process.pid, SIGKILL) }
        #expect(await process.ending(within: .milliseconds(200)) == nil)
        #expect(!process.hasEnded)
        kill(process.pid, SIGTERM)
        #expect(await process.ending(within: .seconds(20)) == .signaled(SIGTERM))
        #expect(await eventually(within: .seconds(10)) { !FileManager.default.fileExists(atPath: "/proc/\(process.pid)") })
    }

    @Test func aMissingProgramIsASpawnError() {
        #expect(throws: DetachedProcess.SpawnError.self) {
            try DetachedProcess.spawn("/nonexistent/viewer", arguments: ["viewer"], environment: [:])
        }
    }
}
