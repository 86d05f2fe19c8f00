import Foundation
import PrivateFiles
import Testing
import TestingSupport

@Suite("private files: written whole, 0600, never through a link")
struct PrivateFileTests {
    @Test("a write lands whole with mode 0600 in a 0700 directory it creates, and reads back")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("tokens")
        try PrivateFile.writeAtomically(Data("secret".utf8), named: "a.json", in: folder)
        #expect(try PrivateFile.contents(named: "a.json", in: folder, limit: 100).get() == Data("secret".utf8))
        let file = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("a.json").path)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        let made = try FileManager.default.attributesOfItem(atPath: folder.path)
        #expect((made[.posixPermissions] as? Int) == 0o700)
    }

    @Test("a symbolic link at the file is refused on read and replaced on write, its target untouched; a big file is refused")
    func hostile() throws {
        let directory = try TemporaryDirectory()
        let target = directory.url.appendingPathComponent("elsewhere")
        try Data("keep".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: directory.url.appendingPathComponent("link.json"), withDestinationURL: target)
        #expect(PrivateFile.contents(named: "link.json", in: directory.url, limit: 100) == .failure(.symbolicLink))
        try PrivateFile.writeAtomically(Data("new".utf8), named: "link.json", in: directory.url)
        #expect(try Data(contentsOf: target) == Data("keep".utf8))
        #expect(PrivateFile.contents(named: "link.json", in: directory.url, limit: 2) == .failure(.tooLarge(size: 3, limit: 2)))
    }
}
