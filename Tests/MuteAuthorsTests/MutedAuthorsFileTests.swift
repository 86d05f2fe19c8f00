import Database
import Foundation
import Testing
import TestingSupport

@testable import MuteAuthors

#if canImport(Glibc)
    import Glibc
#endif

/// The list on disk: read with a bound and never through a link, written whole by a rename, and
/// anything that is not a list this code wrote is said to be unusable, never half read.
@Suite struct MutedAuthorsFileTests {
    private func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    @Test func aMissingFileIsAnEmptyListAndReadingCreatesNothing() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("state/muted.json")
        #expect(MutedAuthorsFile.read(url) == .missing)
        #expect(!FileManager.default.fileExists(atPath: directory.path("state")), "reading makes no folder")
    }

    @Test func aWrittenListReadsBackInOrderInAPrivateFile() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("state/feed/muted.json")
        try MutedAuthorsFile.write(["u7", "u3", "李", "a\"b\\c"], to: url)
        #expect(MutedAuthorsFile.read(url) == .read(["u7", "u3", "李", "a\"b\\c"]))
        var info = stat()
        #expect(stat(url.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600, "only the user reads the list")
        #expect(stat(url.deletingLastPathComponent().path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700, "the folder it made is private")
        #expect(try text(url) == #"{"muted":["u7","u3","李","a\"b\\c"],"version":1}"#)
    }

    @Test func aWriteReplacesTheFileWholeByARenameAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("muted.json")
        try MutedAuthorsFile.write(["u1"], to: url)
        // A reader that opened the old list before the write still reads it whole: the new list is
        // a new file renamed over the old one, never the old file rewritten in place.
        let reader = try FileHandle(forReadingFrom: url)
        defer { try? reader.close() }
        var before = stat()
        #expect(stat(url.path, &before) == 0)
        try MutedAuthorsFile.write(["u1", "u2"], to: url)
        var after = stat()
        #expect(stat(url.path, &after) == 0)
        #expect(before.st_ino != after.st_ino, "a new file took the old one's name")
        #expect(String(decoding: reader.readDataToEndOfFile(), as: UTF8.self) == #"{"muted":["u1"],"version":1}"#)
        #expect(MutedAuthorsFile.read(url) == .read(["u1", "u2"]))
        #expect(MutedAuthorsFile.leftovers(url).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["muted.json"])
    }

    @Test func aWriteThatCannotReplaceTheFileLeavesTheOldListAndNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("muted.json")
        // A folder where the list should be: the rename fails, nothing half written is left.
        try FileManager.default.createDirectory(at: url.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: FileError.self) { try MutedAuthorsFile.write(["u1"], to: url) }
        #expect(MutedAuthorsFile.leftovers(url).isEmpty)
        #expect(MutedAuthorsFile.read(url) == .unusable("it is not a regular file"))
    }

    @Test func aLeftoverOfAWriteThatDiedIsListedForALogout() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("muted.json")
        let leftover = directory.file("muted.json.tmp-4242")
        #expect(FileManager.default.createFile(atPath: leftover.path, contents: Data("{".utf8)))
        #expect(FileManager.default.createFile(atPath: directory.path("other.json.tmp-1"), contents: Data()))
        #expect(MutedAuthorsFile.leftovers(url) == [leftover])
    }

    @Test(arguments: [
        ("not JSON", "{\"version\":1,\"muted\":[\"u1\""),
        ("another version", "{\"version\":2,\"muted\":[\"u1\"]}"),
        ("not strings", "{\"version\":1,\"muted\":[1,2]}"),
        ("an empty ID", "{\"version\":1,\"muted\":[\"\"]}"),
        ("an empty file", ""),
        ("binary", "\u{0}\u{1}\u{2}PK"),
    ])
    func aCorruptFileIsUnusableWithAReason(name: String, content: String) throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("muted.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data(content.utf8)))
        guard case .unusable(let reason) = MutedAuthorsFile.read(url) else {
            Issue.record("\(name) was read as a list")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test func anIDLongerThanAnyServerSendsMakesTheFileUnusable() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("muted.json")
        let long = String(repeating: "x", count: 257)
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data(#"{"version":1,"muted":["\#(long)"]}"#.utf8)))
        #expect(MutedAuthorsFile.read(url) == .unusable("an author ID in it is empty or too long"))
    }

    @Test func aListLongerThanTheCapIsUnusable() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("muted.json")
        let ids = (0...MutedAuthorsFile.maxAuthors).map { "\"u\($0)\"" }.joined(separator: ",")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data(#"{"version":1,"muted":[\#(ids)]}"#.utf8)))
        #expect(MutedAuthorsFile.read(url) == .unusable("it lists more than \(MutedAuthorsFile.maxAuthors) authors"))
    }

    @Test func aHugeFileIsRefusedByItsSizeWithoutBeingRead() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("muted.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
        // A sparse 4 GiB file: read whole it would take the memory; its size alone refuses it.
        #expect(truncate(url.path, 4 << 30) == 0)
        #expect(MutedAuthorsFile.read(url) == .unusable("it is larger than 1024 KiB"))
    }

    @Test func aLinkWhereTheListShouldBeIsNeitherReadNorFollowedByAWrite() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("muted.json")
        let target = directory.file("elsewhere.json")
        try MutedAuthorsFile.write(["u9"], to: target)
        let before = try text(target)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
        #expect(MutedAuthorsFile.read(url) == .unusable("it is a symbolic link"))
        try MutedAuthorsFile.write(["u1"], to: url)
        #expect(try text(target) == before, "the link's target is untouched")
        var info = stat()
        #expect(lstat(url.path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFREG, "the link itself was replaced by the list")
        #expect(MutedAuthorsFile.read(url) == .read(["u1"]))
    }

    @Test func aPipeWhereTheListShouldBeIsRefusedWithoutWaitingOnIt() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("muted.json")
        #expect(mkfifo(url.path, 0o600) == 0)
        #expect(MutedAuthorsFile.read(url) == .unusable("it is not a regular file"))
    }

    @Test func aFolderThatIsALinkIsRefusedAndNothingIsWrittenThere() throws {
        let directory = try TemporaryDirectory()
        let real = directory.file("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let linked = directory.file("linked")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: real)
        let url = linked.appendingPathComponent("muted.json")
        #expect(MutedAuthorsFile.read(url) == .refused("its folder \(linked.path) is a symbolic link"))
        #expect(throws: FileError.self) { try MutedAuthorsFile.write(["u1"], to: url) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
    }

    @Test func aFolderOthersMayWriteToIsRefused() throws {
        let directory = try TemporaryDirectory()
        #expect(chmod(directory.url.path, 0o777) == 0)
        #expect(MutedAuthorsFile.read(directory.file("muted.json")) == .refused("others can write to its folder \(directory.url.path)"))
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func anotherUsersFileIsUnusable() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("muted.json")
        try MutedAuthorsFile.write(["u1"], to: url)
        #expect(chown(url.path, 65534, 65534) == 0)
        #expect(MutedAuthorsFile.read(url) == .unusable("it belongs to another user"))
    }

    @Test func anUnusableFileIsMovedAsideOnceWhereALogoutFindsIt() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("muted.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data("garbage".utf8)))
        let aside = try MutedAuthorsFile.moveAside(url)
        #expect(aside.lastPathComponent.hasPrefix("muted.json.corrupt-"))
        #expect(MutedAuthorsFile.read(url) == .missing)
        try DatabaseFiles.delete(url)
        #expect(!FileManager.default.fileExists(atPath: aside.path), "a logout deletes what was moved aside")
    }
}
