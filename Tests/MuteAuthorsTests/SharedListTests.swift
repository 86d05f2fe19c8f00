import Database
import FeedInterface
import Foundation
import PluginInterface
import PluginKit
import Testing
import TestingSupport

@testable import MuteAuthors

/// Two `feed` processes sharing a data directory share the muted authors: each change is made to
/// the list on disk under its lock, so neither loses the other's, and a process that comes back
/// reads the list again.
@MainActor
@Suite struct SharedListTests {
    private let directory: TemporaryDirectory
    private let warnings = Warnings()

    init() throws {
        directory = try TemporaryDirectory()
    }

    private var file: URL { directory.file("state").appendingPathComponent("muted-x.json") }

    private func process(_ pipeline: RecordingPipeline) -> ActiveMuteAuthors {
        MuteAuthorsPlugin.activate(file: file, pipeline: pipeline, warn: warnings.warn)
    }

    @Test func twoProcessesNeverLoseEachOthersMutesAndAReturnTakesInTheOthers() {
        let (firstPipeline, secondPipeline) = (RecordingPipeline(), RecordingPipeline())
        let (first, second) = (process(firstPipeline), process(secondPipeline))
        #expect(first.mute("u1") == nil)
        #expect(second.mute("u2") == nil)
        #expect(MutedAuthorsFile.read(file) == .read(["u1", "u2"]), "the second process's write kept the first's mute")
        #expect(second.list.authors == ["u1", "u2"], "and it shows the first's mute at once")

        let seen = firstPipeline.revision
        first.returned()
        #expect(first.list.authors == ["u1", "u2"])
        #expect(firstPipeline.revision == seen + 1, "the screens hear the change")
        first.returned()
        #expect(firstPipeline.revision == seen + 1, "nothing changed: nothing to tell")

        #expect(second.unmute("u1") == nil)
        first.returned()
        #expect(first.list.authors == ["u2"])

        // Another process logged the user out: its files are gone.
        try? FileManager.default.removeItem(at: file)
        first.returned()
        #expect(first.list.authors.isEmpty)
        #expect(warnings.all.isEmpty, "\(warnings.all)")
    }

    @Test func anotherProcessesMuteShowsHereWhenItsWriteIsSeenWithoutAKeyPress() {
        let (firstPipeline, secondPipeline) = (RecordingPipeline(), RecordingPipeline())
        let (first, second) = (process(firstPipeline), process(secondPipeline))
        let changes = PolledFileChanges()
        second.watch(changes)
        #expect(first.mute("u1") == nil)
        let seen = secondPipeline.revision
        changes.check()
        #expect(second.list.authors == ["u1"], "the other process's mute is taken in when its write is seen")
        #expect(secondPipeline.revision == seen + 1, "and the screens drop the author's rows")
        #expect(second.mute("u2") == nil)
        let own = secondPipeline.revision
        changes.check()
        #expect(secondPipeline.revision == own, "its own write, read again, changes nothing")
        #expect(first.unmute("u1") == nil)
        changes.check()
        #expect(second.list.authors == ["u2"])
        #expect(warnings.all.isEmpty, "\(warnings.all)")
    }

    @Test func aMuteWaitsForAnotherWritersLockAndGivesUpAfterItsWait() throws {
        _ = try MutedAuthorsFile.update(at: file) { $0 = ["u1"] }
        let lock = open(MutedAuthorsFile.lock(file).path, O_RDWR | O_CLOEXEC)
        #expect(lock >= 0)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0, "another writer holds the list")
        #expect(throws: FileError.self) { try MutedAuthorsFile.update(at: file, lockWait: .milliseconds(50)) { $0.append("u2") } }
        #expect(MutedAuthorsFile.read(file) == .read(["u1"]), "nothing written without the lock")
        #expect(flock(lock, LOCK_UN) == 0)
        #expect(try MutedAuthorsFile.update(at: file) { $0.append("u2") } == ["u1", "u2"])
    }

    @Test func aFullListOnDiskRefusesAMuteHereToo() throws {
        let others = (1...MutedAuthorsFile.maxAuthors).map { "other\($0)" }
        let process = process(RecordingPipeline())
        _ = try MutedAuthorsFile.update(at: file) { $0 = others }
        #expect(process.mute("u1") == "at most \(MutedAuthorsFile.maxAuthors) authors can be muted; unmute one first")
        #expect(MutedAuthorsFile.read(file) == .read(others))
        #expect(process.list.authors == others, "the list on disk, which the other process filled")
    }
}
