import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// `offline-pages` end to end: the real `feed` binary, a real SQLite file, the reference server.
@Suite(.serialized, .heavy) struct OfflinePagesTests {
    private let dataDir = TemporaryDirectory.make()

    private func cacheFiles() throws -> [URL] {
        guard FileManager.default.fileExists(atPath: dataDir.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: dataDir, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sqlite" }
    }

    private func run(_ server: String, _ extra: [String] = [], user: String = "demo") throws -> FeedProcess {
        // Every launch revalidates (--fresh-for 0): these tests are about what a revalidation does.
        try FeedProcess(["--headless", "--server", server, "--enable", "offline-pages", "--data-dir", dataDir.path, "--user", user, "--fresh-for", "0"] + extra)
    }

    /// Opens the feed, waits for it, and quits: the cache now holds the first page.
    private func fillCache(_ server: TestServer, user: String = "demo") async throws -> [String] {
        let feed = try run(server.url, user: user)
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        #expect(state["banner"] is NSNull)
        #expect(try await feed.finish() == 0)
        return Headless.ids(state)
    }

    @Test func theSecondRunShowsTheSameRowsAtOnceWithTheServerStopped() async throws {
        let server = try TestServer()
        let url = server.url
        let first = try await fillCache(server)
        #expect(first.count == 20)
        server.server.stop()

        let feed = try run(url)
        let opened = try await feed.send("open")
        #expect(Headless.ids(opened) == first, "saved rows at once, before any network answer")
        #expect(opened["initialLoad"] as? String == "loaded")
        #expect(opened["banner"] as? String == "Updated just now")
        let settled = try await feed.send("settle")
        #expect(Headless.ids(settled) == first)
        #expect(settled["banner"] as? String == "Offline · Updated just now")
        #expect((settled["message"] as? String)?.hasPrefix("Couldn't refresh: cannot reach 127.0.0.1") == true)
        #expect(try await feed.finish() == 0)

        let file = try #require(try cacheFiles().first)
        #expect(try SQLiteShell.run(file, "PRAGMA integrity_check;") == "ok")
        #expect(try SQLiteShell.run(file, "SELECT count(*) FROM feed_order;") == "20")
    }

    @Test func filesArePrivateAndOnePerServerAndUser() async throws {
        let server = try TestServer()
        _ = try await fillCache(server, user: "ana")
        _ = try await fillCache(server, user: "ben")
        let files = try cacheFiles()
        #expect(files.count == 2)
        #expect(try Permissions.mode(dataDir) == 0o700)
        for file in files { #expect(try Permissions.mode(file) == 0o600, "\(file.lastPathComponent)") }
        for file in try FileManager.default.contentsOfDirectory(at: dataDir, includingPropertiesForKeys: nil) {
            #expect(try Permissions.mode(file) & 0o077 == 0, "\(file.lastPathComponent) is private")
        }
    }

    @Test func likesAreSavedAndShownOfflineNextTime() async throws {
        let server = try TestServer()
        let url = server.url
        let feed = try run(url)
        _ = try await feed.send("open")
        let loaded = try await feed.send("settle")
        let row = try #require(Headless.rows(loaded).first { $0["heart"] as? String == "notLiked" })
        let id = try #require(row["id"] as? String)
        _ = try await feed.send("tap \(id)")
        let liked = try await feed.send("settle")
        #expect(try await feed.finish() == 0)
        server.server.stop()

        let offline = try run(url)
        let opened = try await offline.send("open")
        #expect(Headless.row(opened, id: id)?["heart"] as? String == "liked")
        #expect(Headless.row(opened, id: id)?["likes"] as? String == Headless.row(liked, id: id)?["likes"] as? String)
        #expect(Headless.ids(opened) == Headless.ids(loaded), "an updated post never moves")
        #expect(try await offline.finish() == 0)
    }

    @Test(arguments: ["garbage", "future-schema"])
    func anUnreadableCacheIsRebuiltWithOneWarning(damage: String) async throws {
        let server = try TestServer()
        _ = try await fillCache(server)
        let file = try #require(try cacheFiles().first)
        if damage == "garbage" {
            try Data(repeating: 0x5A, count: 64 * 1024).write(to: file)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        } else {
            _ = try SQLiteShell.run(file, "PRAGMA user_version = 99;")
        }

        let feed = try run(server.url)
        let opened = try await feed.send("open")
        #expect(Headless.rows(opened).isEmpty, "nothing readable was saved")
        let settled = try await feed.send("settle")
        #expect(settled["initialLoad"] as? String == "loaded")
        #expect(Headless.rows(settled).count == 20, "the network feed")
        #expect(try await feed.finish() == 0)
        let warnings = await feed.errorOutput().filter { $0.contains("offline cache") }
        #expect(warnings.count == 1, "one warning line: \(warnings)")
        let rebuilt = try #require(try cacheFiles().first { $0.lastPathComponent == file.lastPathComponent })
        #expect(try SQLiteShell.run(rebuilt, "PRAGMA integrity_check;") == "ok")

        // Logout also deletes the copy moved aside: it may hold the user's posts.
        let leftovers = { try FileManager.default.contentsOfDirectory(atPath: dataDir.path) }
        #expect(try leftovers().contains { $0.contains(".corrupt-") })
        let logout = try FeedProcess(["logout", "--server", server.url, "--data-dir", dataDir.path])
        #expect(try await logout.waitForExit() == 0)
        let left = try leftovers()
        #expect(left.isEmpty, "left: \(left)")
    }

    @Test func withTheFlagOffNoFileIsCreatedAndTheStoreNeverRuns() async throws {
        let server = try TestServer()
        // A data directory that is a plain file: the Store could not open anything there, and
        // would say so on stderr if it ran.
        try Data("not a directory".utf8).write(to: dataDir)
        let feed = try FeedProcess(["--headless", "--server", server.url, "--data-dir", dataDir.path])
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        #expect(Headless.rows(state).count == 20)
        #expect(state["banner"] is NSNull)
        #expect(try await feed.finish() == 0)
        #expect(await feed.errorOutput().isEmpty)
        #expect(try String(contentsOf: dataDir, encoding: .utf8) == "not a directory")

        let fresh = TemporaryDirectory.make()
        let second = try FeedProcess(["--headless", "--server", server.url, "--data-dir", fresh.path])
        _ = try await second.send("open")
        _ = try await second.send("settle")
        #expect(try await second.finish() == 0)
        #expect(!FileManager.default.fileExists(atPath: fresh.path), "no directory, no file")
    }

    @Test func logoutDeletesEverythingStoredForThatUser() async throws {
        let server = try TestServer()
        let url = server.url
        _ = try await fillCache(server, user: "ana")
        _ = try await fillCache(server, user: "ben")

        // The headless command clears the open cache: ana's next offline start shows nothing.
        let feed = try run(url, user: "ana")
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        let out = try await feed.send("logout")
        #expect(Headless.rows(out).isEmpty)
        #expect(try await feed.finish() == 0)
        server.server.stop()
        let offline = try run(url, user: "ana")
        let opened = try await offline.send("open")
        #expect(Headless.rows(opened).isEmpty)
        let failed = try await offline.send("settle")
        #expect(failed["initialLoad"] as? String == "failed")
        #expect(try await offline.finish() == 0)

        // `feed logout` deletes ben's file and leaves ana's alone.
        let before = try cacheFiles().count
        let logout = try FeedProcess(["logout", "--server", url, "--data-dir", dataDir.path, "--user", "ben"])
        #expect(try await logout.waitForExit() == 0)
        #expect(try cacheFiles().count == before - 1)
        let benOffline = try run(url, user: "ben")
        #expect(Headless.rows(try await benOffline.send("open")).isEmpty)
        #expect(try await benOffline.finish() == 0)
    }
}

/// The `sqlite3` command-line tool, as a person would use it on the cache file.
enum SQLiteShell {
    static func run(_ file: URL, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [file.path, sql]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// File permission bits.
enum Permissions {
    static func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
