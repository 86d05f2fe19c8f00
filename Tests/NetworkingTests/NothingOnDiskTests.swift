import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import Testing
@testable import Networking

/// The client's requests leave nothing on disk. Checked in a child process whose HOME,
/// XDG_CACHE_HOME, TMPDIR and working directory point into a fresh temporary directory, and
/// whose other XDG variables are unset, as on a default desktop (see `ChildTestProcess`).
/// FoundationNetworking is imported only for the canary test below, which shows that the check
/// sees what a URLSession would write; the client itself does not use it.
@Suite("HTTPTransportClient: nothing on disk")
struct NothingOnDiskTests {
    @Test func aCookieIsNeverSentBackAndNothingIsRevalidated() async throws {
        let log = RequestLog()
        let server = try LoopbackServer { request in
            _ = await log.record(request)
            return json(200, "{}", headers: [
                ("Set-Cookie", "session=abc; Max-Age=3600; Path=/"), ("Cache-Control", "public, max-age=3600"), ("ETag", "\"v1\""),
            ])
        }
        defer { server.stop() }
        let client = makeClient(server.baseURL)

        for _ in 0..<3 { _ = try await client.send(.get("/v1/feed")) }

        #expect(await log.count == 3, "every GET went to the server, none to a cache")
        #expect(await log.requests.allSatisfy { $0.headers["cookie"] == nil && $0.headers["if-none-match"] == nil })
    }

    @Test func requestsWriteNothingUnderHomeOrTheXDGDirectories() async throws {
        let name = "nothingOnDisk"
        if ChildTestProcess.isChild(name) { return try await Self.cacheableRequests() }
        let root = try await Self.run(name, filter: "NothingOnDiskTests/requestsWriteNothingUnderHome")
        defer { try? FileManager.default.removeItem(at: root.url) }
        #expect(root.files.isEmpty, "files written: \(root.files)")
        #expect(root.directories.isEmpty, "directories made: \(root.directories)")
    }

    /// Shows the test can see what it looks for: a plain URLSession with an `.ephemeral`
    /// configuration does create its URLCache directory in the same setting.
    @Test func aPlainEphemeralConfigurationWouldCreateTheCacheDirectory() async throws {
        let name = "plainEphemeral"
        if ChildTestProcess.isChild(name) {
            _ = URLSession(configuration: .ephemeral)
            return
        }
        let root = try await Self.run(name, filter: "NothingOnDiskTests/aPlainEphemeralConfiguration")
        defer { try? FileManager.default.removeItem(at: root.url) }
        #expect(root.directories.contains { $0.hasPrefix("cache/org.swift.foundation.URLCache") })
    }

    /// In the child: two GETs of an answer that asks to be cached and sets a cookie.
    private static func cacheableRequests() async throws {
        let log = RequestLog()
        let server = try LoopbackServer { request in
            _ = await log.record(request)
            return json(200, #"{"items":[]}"#, headers: [
                ("Cache-Control", "public, max-age=3600"), ("ETag", "\"v1\""),
                ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT"), ("Set-Cookie", "session=abc; Max-Age=3600; Path=/"),
            ])
        }
        defer { server.stop() }
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: server.baseURL))
        _ = try await client.send(.get("/v1/feed"))
        _ = try await client.send(.get("/v1/feed"))
        #expect(await log.count == 2, "the second GET went to the server, not to a cache")
        #expect(await log.requests.allSatisfy { $0.headers["cookie"] == nil && $0.headers["if-none-match"] == nil })
    }

    /// What a child run left in its temporary directory.
    private struct Leftovers {
        let url: URL
        /// Paths of regular files and links, relative to `url`.
        var files: Set<String> = []
        /// Paths of directories the child made, relative to `url`.
        var directories: Set<String> = []
    }

    private static let preparedDirectories = ["home", "cache", "tmp", "cwd"]

    private static func run(_ name: String, filter: String) async throws -> Leftovers {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("networking-disk-\(UUID().uuidString)")
        for directory in preparedDirectories {
            try manager.createDirectory(
                at: root.appendingPathComponent(directory), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let path = { (name: String) in root.appendingPathComponent(name).path }
        let result = try await ChildTestProcess.run(
            test: name, filter: filter,
            environment: [
                "HOME": path("home"), "XDG_CACHE_HOME": path("cache"), "TMPDIR": path("tmp"),
                "XDG_DATA_HOME": nil, "XDG_CONFIG_HOME": nil, "XDG_STATE_HOME": nil, "XDG_RUNTIME_DIR": nil,
            ],
            directory: root.appendingPathComponent("cwd"))
        #expect(result.status == 0, "the child failed:\n\(result.output)")
        var leftovers = Leftovers(url: root)
        let prefix = root.standardizedFileURL.path + "/"
        let walker = manager.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [])
        while let item = walker?.nextObject() as? URL {
            let relative = String(item.standardizedFileURL.path.dropFirst(prefix.count))
            if (try? item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if !preparedDirectories.contains(relative) { leftovers.directories.insert(relative) }
            } else {
                leftovers.files.insert(relative)
            }
        }
        return leftovers
    }
}
