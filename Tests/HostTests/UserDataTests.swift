import Foundation
import Testing
@testable import Host

/// `logout` deletes every file of the user, whatever the photo cache's folder holds, and nothing outside it.
@Suite struct UserDataTests {
    @Test func logoutDeletesFoldersInsideThePhotoCacheAndNeverFollowsALink() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("userdata-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let keep = outside.appendingPathComponent("keep.txt")
        try Data("mine".utf8).write(to: keep)
        var options = HostOptions()
        options.dataDir = root.appendingPathComponent("data")
        let data = UserData(options)
        let sub = data.photoCache.appendingPathComponent("sub/deeper")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: sub.appendingPathComponent("photo"))
        try FileManager.default.createSymbolicLink(at: data.photoCache.appendingPathComponent("link"), withDestinationURL: outside)

        try data.delete(files: [])
        #expect(!FileManager.default.fileExists(atPath: data.photoCache.path), "the photo cache is gone, subfolders too")
        #expect(FileManager.default.fileExists(atPath: keep.path), "a link is removed, never followed")
    }
}
