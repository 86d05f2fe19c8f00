import FeedInterface
import FeedTesting
import Foundation
import PluginInterface
import TerminalUIInterface
import Testing
import TestingSupport

@testable import MuteAuthors

/// The follow-up as the host drives it: what it declares while off, what it reads at activation,
/// and the keys and commands that change the list, each change told to the pipeline and saved.
@MainActor
@Suite struct MuteAuthorsPluginTests {
    private let directory: TemporaryDirectory
    private let pipeline = RecordingPipeline()
    private let warnings = Warnings()

    init() throws {
        directory = try TemporaryDirectory()
    }

    private var files: PluginFiles {
        let (cache, state) = (directory.file("cache"), directory.file("state"))
        return PluginFiles(
            directory: cache, owner: "demo on the embedded server", name: { cache.appendingPathComponent("\($0)-x.\($1)") },
            state: { state.appendingPathComponent("\($0)-x.\($1)") })
    }

    private var file: URL { MuteAuthorsPlugin.file(files) }

    private func activate() -> ActiveMuteAuthors {
        MuteAuthorsPlugin.activate(file: file, pipeline: pipeline, warn: warnings.warn)
    }

    private func row(_ number: Int) -> PostRow { PostRow(post: FeedFixtures.post(number)) }

    private func segment(_ keys: any ScreenExtension) -> String? { keys.titleSegment(glyphs: Glyphs.set(ascii: false))?.text }

    @Test func itDeclaresItsFlagCommandsAndFieldsWhichReadAsEmptyWhileOff() {
        let plugin = MuteAuthorsPlugin()
        #expect(plugin.flag.key == "mute-authors" && plugin.flag.owner == "feed" && plugin.flag.isKillSwitch)
        #expect(plugin.headlessCommands.map(\.usage) == ["mute AUTHOR_ID", "unmute AUTHOR_ID"])
        #expect(plugin.headlessCommands.allSatisfy { $0.words == 1...1 && !$0.takesPost }, "each takes one author ID, not a post's")
        #expect(plugin.headlessFields == [HeadlessField(name: "muted", whenOff: "[]")])
        #expect(plugin.headlessRowFields.isEmpty, "each row's authorID is built in")
        #expect(plugin.options.isEmpty && plugin.commands.isEmpty)
    }

    @Test func itsFileIsStateAndALogoutFindsWhatADeadWriteLeft() throws {
        let plugin = MuteAuthorsPlugin()
        #expect(file.path.hasPrefix(directory.file("state").path), "only this device has the list: not among caches")
        #expect(plugin.files(files) == [file, MutedAuthorsFile.lock(file)], "the list and its lock")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let leftover = URL(fileURLWithPath: file.path + ".tmp-99999")
        #expect(FileManager.default.createFile(atPath: leftover.path, contents: Data()))
        #expect(plugin.files(files) == [file, MutedAuthorsFile.lock(file), leftover])
    }

    @Test func withNoFileNobodyIsMutedNothingIsSaidAndNothingIsWritten() async {
        let active = activate()
        #expect(active.list.authors.isEmpty)
        #expect(pipeline.filters.count == 1, "the list is one filter of the pipeline")
        #expect(await active.value(of: MuteAuthorsPlugin.muted) == "[]")
        #expect(warnings.all.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.file("state").path))
    }

    @Test func aSavedListHidesItsAuthorsPostsFromTheStart() throws {
        try MutedAuthorsFile.write(["a1", "a3"], to: file)
        let active = activate()
        #expect(active.list.authors == ["a1", "a3"])
        #expect(!pipeline.keeps(FeedFixtures.post(1)) && !pipeline.keeps(FeedFixtures.post(3)))
        #expect(pipeline.keeps(FeedFixtures.post(2)))
        #expect(pipeline.revision == 0, "nothing changed its mind: the screens filter from their first page")
        #expect(warnings.all.isEmpty)
    }

    @Test func aCorruptFileIsSaidOnceMovedAsideAndMutingStartsEmpty() async throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("{\"version\":1,\"muted\":[\"a1\"".utf8)))
        let active = activate()
        #expect(active.list.authors.isEmpty)
        #expect(pipeline.keeps(FeedFixtures.post(1)))
        #expect(warnings.all.count == 1)
        let warning = try #require(warnings.all.first)
        #expect(warning.contains(file.path) && warning.contains("not a list of muted authors") && warning.contains("moved aside"), "\(warning)")
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names.count == 1 && names[0].hasPrefix(file.lastPathComponent + ".corrupt-"), "\(names)")
        #expect(active.mute("a2") == nil)
        #expect(MutedAuthorsFile.read(file) == .read(["a2"]), "the next mute writes a good file")
        _ = activate()
        #expect(warnings.all.count == 1, "the next start finds a good file and says nothing")
    }

    @Test func aFolderThatCannotBeTrustedIsSaidOnceAndMutesLastThisRun() throws {
        let real = directory.file("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: directory.file("state"), withDestinationURL: real)
        let active = activate()
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("symbolic link") == true)
        #expect(active.mute("a1") == nil)
        #expect(!pipeline.keeps(FeedFixtures.post(1)), "muted for this run")
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty, "nothing written through the link")
        #expect(warnings.all.count == 1)
    }

    @Test func mOnASelectedRowMutesItsAuthorTellsTheScreensAndSavesBeforeTheKeyReturns() throws {
        let active = activate()
        let keys = try #require(active.extend(EmptyScreen()))
        #expect(segment(keys) == nil, "nobody muted: no segment")
        #expect(keys.handle(.character("m"), selected: row(1)) == .handled)
        #expect(active.list.authors == ["a1"])
        #expect(pipeline.revision == 1, "every screen removes a1's rows at once")
        #expect(MutedAuthorsFile.read(file) == .read(["a1"]))
        #expect(segment(keys) == "1 muted")
        #expect(keys.handle(.character("m"), selected: row(8)) == .handled, "another post of a1")
        #expect(pipeline.revision == 1, "already muted: nothing changes")
        #expect(keys.handle(.character("m"), selected: row(2)) == .handled)
        #expect(segment(keys) == "2 muted")
        #expect(MutedAuthorsFile.read(file) == .read(["a1", "a2"]))
    }

    @Test func mWithNoRowSelectedAndOtherKeysAreNotItsOwn() throws {
        let active = activate()
        let keys = try #require(active.extend(EmptyScreen()))
        #expect(keys.handle(.character("m"), selected: nil) == .ignored)
        #expect(keys.handle(.character("x"), selected: row(1)) == .ignored)
        #expect(keys.handle(.enter, selected: row(1)) == .ignored)
        #expect(active.list.authors.isEmpty && pipeline.revision == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func capitalMUnmutesTheAuthorMutedLastAndIsNotItsKeyWhenNobodyIsMuted() throws {
        let active = activate()
        let keys = try #require(active.extend(EmptyScreen()))
        #expect(keys.handle(.character("M"), selected: row(1)) == .ignored)
        _ = keys.handle(.character("m"), selected: row(1))
        _ = keys.handle(.character("m"), selected: row(2))
        #expect(keys.handle(.character("M"), selected: nil) == .handled)
        #expect(active.list.authors == ["a1"])
        #expect(pipeline.keeps(FeedFixtures.post(2)))
        #expect(MutedAuthorsFile.read(file) == .read(["a1"]))
        #expect(pipeline.revision == 3)
    }

    @Test func theKeysShowInTheHelpAndMInTheBarOnlyWithARowSelected() throws {
        let keys = try #require(activate().extend(EmptyScreen()))
        #expect(keys.keyHelp.map(\.keys) == ["m", "M"])
        let m = try #require(keys.keyHelp.first)
        #expect(m.bar == "m mute" && m.needsSelection)
        #expect(keys.keyHelp.last?.bar == nil, "M is in the help only")
    }

    @Test func headlessMuteAndUnmuteTakeAnAuthorsIDAndTheStateListsTheMuted() async {
        let active = activate()
        let driver = FakeHeadless()
        #expect(await active.perform(MuteAuthorsPlugin.mute, argument: "u1", on: driver) == nil)
        #expect(await active.perform(MuteAuthorsPlugin.mute, argument: "u2", on: driver) == nil)
        #expect(await active.perform(MuteAuthorsPlugin.mute, argument: "u1", on: driver) == nil, "muting twice is fine")
        #expect(await active.value(of: MuteAuthorsPlugin.muted) == #"["u1","u2"]"#)
        #expect(pipeline.revision == 2)
        #expect(await active.perform(MuteAuthorsPlugin.unmute, argument: "u1", on: driver) == nil)
        #expect(await active.perform(MuteAuthorsPlugin.unmute, argument: "u9", on: driver) == nil, "unmuting one not muted is fine")
        #expect(await active.value(of: MuteAuthorsPlugin.muted) == #"["u2"]"#)
        #expect(MutedAuthorsFile.read(file) == .read(["u2"]), "saved before the answer")
        #expect(await active.perform(MuteAuthorsPlugin.mute, argument: String(repeating: "x", count: 257), on: driver) == "an author ID is 1 to 256 bytes")
    }

    @Test func theMutedListIsJSONWithEveryAuthorsIDQuoted() async {
        let active = activate()
        #expect(active.mute("a\"\n\u{1B}") == nil)
        #expect(active.mute("a3") == nil)
        #expect(await active.value(of: MuteAuthorsPlugin.muted) == #"["a\"\n\u001b","a3"]"#)
    }

    @Test func aFullListRefusesOneMoreAndTheTitleSaysSo() async throws {
        try MutedAuthorsFile.write((0..<MutedAuthorsFile.maxAuthors).map { "u\($0)" }, to: file)
        let active = activate()
        let keys = try #require(active.extend(EmptyScreen()))
        let answer = await active.perform(MuteAuthorsPlugin.mute, argument: "a1", on: FakeHeadless())
        #expect(answer == "at most 1000 authors can be muted; unmute one first")
        #expect(segment(keys) == "1000 muted (full)")
        #expect(pipeline.keeps(FeedFixtures.post(1)))
        _ = keys.handle(.character("M"), selected: nil)
        #expect(segment(keys) == "999 muted")
    }

    @Test func aListThatCannotBeSavedIsSaidOnceAndStaysMutedThisRun() throws {
        let active = activate()
        // A folder where the list should be: no write can replace it.
        try FileManager.default.createDirectory(at: file.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(active.mute("a1") == nil)
        #expect(active.mute("a2") == nil)
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("could not be saved") == true)
        #expect(!pipeline.keeps(FeedFixtures.post(1)) && !pipeline.keeps(FeedFixtures.post(2)))
    }

    @Test func switchedOffByTheServerItHidesNothingAndItsKeysAndCommandsStop() async throws {
        try MutedAuthorsFile.write(["a1"], to: file)
        let active = activate()
        let keys = try #require(active.extend(EmptyScreen()))
        active.switchOff()
        #expect(pipeline.keeps(FeedFixtures.post(1)), "the next pages show every author")
        #expect(keys.keyHelp.isEmpty && segment(keys) == nil)
        #expect(keys.handle(.character("m"), selected: row(2)) == .ignored)
        #expect(keys.handle(.character("M"), selected: nil) == .ignored)
        #expect(await active.perform(MuteAuthorsPlugin.mute, argument: "a2", on: FakeHeadless()) == "the server switched mute-authors off")
        #expect(MutedAuthorsFile.read(file) == .read(["a1"]), "the list on disk stays for the next start")
    }

    @Test func aLogoutForgetsTheList() async throws {
        try MutedAuthorsFile.write(["a1"], to: file)
        let active = activate()
        #expect(await active.logout() == nil)
        #expect(active.list.authors.isEmpty)
        #expect(pipeline.keeps(FeedFixtures.post(1)))
        #expect(pipeline.revision == 1)
    }
}
