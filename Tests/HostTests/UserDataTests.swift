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

    @Test("a user's files are found on every server by name and hash, never another user's")
    func serversWithAFileAreThisUsersOnly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("userdata-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var options = HostOptions()
        options.dataDir = root
        options.user = "demo"
        let demo = UserData(options)
        options.user = "bob-demo"
        let bob = UserData(options)
        let servers: [URL?] = [nil, URL(string: "http://127.0.0.1:8080"), URL(string: "https://feed.example/"), URL(string: "http://my-host-9")]
        for server in servers {
            for user in [demo, bob] {
                try Data().write(to: user.on(server).pluginFiles.file("telemetry", "sqlite"))
            }
        }
        // Another kind, a stray file and a name with a wrong hash are not telemetry of anyone.
        try Data().write(to: demo.on(URL(string: "http://other:1")).pluginFiles.file("feed", "sqlite"))
        try Data().write(to: root.appendingPathComponent("telemetry-127.0.0.1-8080-demo-0.sqlite"))
        try Data().write(to: root.appendingPathComponent("telemetry-.sqlite"))

        let found = demo.servers(withFile: "telemetry", extension: "sqlite")
        #expect(Set(found.map { $0?.absoluteString ?? "embedded" }) == Set(servers.map { $0?.absoluteString ?? "embedded" }))
        #expect(found.count == 4, "each once: \(found)")
        #expect(bob.servers(withFile: "telemetry", extension: "sqlite").count == 4)
        options.user = "alice"
        #expect(UserData(options).servers(withFile: "telemetry", extension: "sqlite").isEmpty)
    }
}
