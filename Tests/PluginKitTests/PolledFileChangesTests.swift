import Foundation
import PluginKit
import Testing
import TestingSupport

@Suite("file changes: another process's writes are told")
@MainActor
struct PolledFileChangesTests {
    @Test("a write, a replace by rename, a delete and a new file are each told once; no change, nothing")
    func changes() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("muted.json")
        try Data("[]".utf8).write(to: file)
        let changes = PolledFileChanges()
        var told = 0
        #expect(changes.watch(file) { told += 1 })
        changes.check()
        #expect(told == 0, "nothing changed since the watch began")
        try Data("[\"u1\"]".utf8).write(to: file)
        changes.check()
        #expect(told == 1)
        changes.check()
        #expect(told == 1, "the same file again is no change")
        try Data("[\"u2\"]".utf8).write(to: file, options: .atomic)
        changes.check()
        #expect(told == 2, "a rename over it is a new file")
        try FileManager.default.removeItem(at: file)
        changes.check()
        #expect(told == 3)
        try Data("[]".utf8).write(to: file)
        changes.check()
        #expect(told == 4)
    }

    @Test("a symlink put in its place is seen as itself, not followed")
    func symlinkNotFollowed() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("list.json")
        let target = directory.url.appendingPathComponent("elsewhere.json")
        try Data("x".utf8).write(to: target)
        let changes = PolledFileChanges()
        var told = 0
        changes.watch(file) { told += 1 }
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        changes.check()
        #expect(told == 1, "the link appearing is a change")
        try Data("a longer text".utf8).write(to: target)
        changes.check()
        #expect(told == 1, "what the link points at is not looked at")
    }

    @Test("at most maxFiles files are watched")
    func bounded() throws {
        let changes = PolledFileChanges()
        for index in 0..<PolledFileChanges.maxFiles {
            #expect(changes.watch(URL(fileURLWithPath: "/nonexistent/\(index)")) {})
        }
        #expect(!changes.watch(URL(fileURLWithPath: "/nonexistent/more")) {})
    }

    @Test("started, it looks by itself, also at a file watched after the start; stopped, a look by hand still tells")
    func polls() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("table")
        let changes = PolledFileChanges(interval: .milliseconds(50))
        changes.start()
        var told = 0
        changes.watch(file) { told += 1 }
        defer { changes.stop() }
        try Data("1".utf8).write(to: file)
        #expect(await eventually { told == 1 }, "the poller saw the new file")
        changes.stop()
        try Data("22".utf8).write(to: file)
        changes.check()
        #expect(told == 2, "a look by hand still tells")
    }
}
