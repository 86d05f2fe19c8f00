import Foundation
import ProcessTesting
import Telemetry
import Testing
import TestingSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.heavy) struct CrashRecorderTests {
    @Test(arguments: [SIGABRT, SIGSEGV])
    func aFatalSignalIsRecordedAndCollectedOnce(signal: Int32) async throws {
        let directory = TestDirectory()
        let file = directory.url.appendingPathComponent("crash.log")
        let path = file.path
        let (status, printed) = try await onOwnThread { () throws -> (ProbeProcess.Exit?, [String]) in
            let probe = try ProbeProcess("TelemetryCrashProbe", arguments: ["crash", path, "\(signal)"])
            let status = probe.waitForExit(deadline: Date().addingTimeInterval(60))
            // The output is read on a thread of its own: wait for it to end before reading it.
            _ = probe.waitForLines(1, deadline: Date().addingTimeInterval(60))
            return (status, probe.printed)
        }
        #expect(printed == ["installed"])
        #expect(status == .signalled(signal), "the process still ends by the signal")
        let recorder = CrashRecorder(file: file)
        #expect(recorder.collect() == [Int(signal)])
        #expect(recorder.collect() == [], "collected once")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func theFirstRunInAFreshDataDirectoryRecordsItsCrash() async throws {
        let directory = TestDirectory()
        let file = directory.url.appendingPathComponent("not-yet/made/crash.log")
        let path = file.path
        let status = try await onOwnThread { () throws -> ProbeProcess.Exit? in
            try ProbeProcess("TelemetryCrashProbe", arguments: ["crash", path, "\(SIGSEGV)"]).waitForExit(deadline: Date().addingTimeInterval(60))
        }
        #expect(status == .signalled(SIGSEGV))
        #expect(CrashRecorder(file: file).collect() == [Int(SIGSEGV)])
        let mode = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)[.posixPermissions] as? Int
        #expect(mode == 0o700, "the folder is private")
    }

    @Test func junkInTheFileIsIgnored() throws {
        let directory = TestDirectory()
        let file = directory.url.appendingPathComponent("crash.log")
        try Data("crash 11\ngarbage\ncrash 999\ncrash 6\n".utf8).write(to: file)
        #expect(CrashRecorder(file: file).collect() == [11, 6])
    }
}
