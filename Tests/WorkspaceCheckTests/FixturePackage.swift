import Foundation
@testable import WorkspaceCheck

/// A small SwiftPM package written into a temporary directory, for running the checker on.
struct FixturePackage {
    /// The package root.
    let root: String

    /// The manifest every dependency fixture starts from; the line of each target is in the comment.
    static let baseManifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Fixture",
            targets: [
                .target(name: "Net"),
                .target(name: "FeedInterface"),
                .target(name: "LikesInterface", dependencies: ["FeedInterface"]),
                .target(name: "Feed", dependencies: ["FeedInterface", "LikesInterface", "Net"]),
                .target(name: "Likes", dependencies: ["LikesInterface"]),
                .executableTarget(name: "App", dependencies: ["Feed", "Likes", "FeedInterface"]),
                .testTarget(name: "FeedTests", dependencies: ["Feed"]),
            ]
        )
        """
    // Lines: Net 7, FeedInterface 8, LikesInterface 9, Feed 10, Likes 11, App 12, FeedTests 13.

    /// Sources that obey every rule of `baseConfig` with `baseManifest`.
    static let baseFiles: [String: String] = [
        "Sources/Net/Net.swift": "public struct Net {}\n",
        "Sources/FeedInterface/Post.swift": "public struct Post {}\n",
        "Sources/LikesInterface/Likes.swift": "import FeedInterface\n\npublic protocol LikesRepository {}\n",
        "Sources/Feed/Feed.swift": "import FeedInterface\nimport LikesInterface\nimport Net\n\npublic struct Feed {}\n",
        "Sources/Likes/Likes.swift": "import LikesInterface\n\npublic struct Likes {}\n",
        "Sources/App/main.swift": "import Feed\nimport Likes\nimport FeedInterface\n\nprint(\"app\")\n",
        "Tests/FeedTests/FeedTests.swift": "@testable import Feed\n",
    ]

    /// The config; `budgets` goes on line 9 and each allow entry on its own line from line 11;
    /// `extra` members (teams, owners, features…) follow the allow list.
    static func config(budgets: String = "", allow: [String] = [], extra: String = "") -> String {
        """
        {
          "roles": [
            { "name": "platform", "targets": ["Net"], "mayDependOn": ["platform"], "why": "platform why.", "budget": { "lines": 100, "bytes": 100000 } },
            { "name": "interface", "patterns": ["*Interface"], "mayDependOn": ["interface"], "mayExport": ["interface"], "why": "interface why.", "budget": { "lines": 100, "bytes": 100000 } },
            { "name": "implementation", "targets": ["Feed", "Likes"], "mayDependOn": ["interface", "platform"], "why": "implementation why.", "budget": { "lines": 100, "bytes": 100000 } },
            { "name": "host", "targets": ["App"], "mayDependOn": ["*"], "why": "host why.", "budget": { "lines": 100, "bytes": 100000 } },
            { "name": "tests", "patterns": ["*Tests"], "mayDependOn": ["$module", "interface"], "why": "tests why." }
          ],
          "budgets": { \(budgets) },
          "allow": [
        \(allow.joined(separator: ",\n"))
          ]\(extra.isEmpty ? "" : ",\n" + extra)
        }
        """
    }

    /// Writes a package: `files` are added to (or replace) `baseFiles`; a nil content removes one.
    init(
        manifest: String = baseManifest,
        files: [String: String?] = [:],
        config: String = FixturePackage.config()
    ) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("workspace-check-\(UUID().uuidString)").path
        var all = Self.baseFiles
        for (path, content) in files { all[path] = content }
        all["Package.swift"] = manifest
        all["Tools/workspace.json"] = config
        for (path, content) in all {
            try write(content, to: path)
        }
    }

    /// Writes `content` to `path` inside the package, creating directories.
    func write(_ content: String, to path: String) throws {
        let url = URL(fileURLWithPath: "\(root)/\(path)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try content.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Writes raw bytes to `path` inside the package, creating directories.
    func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: "\(root)/\(path)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// The dependency violations after allow entries (off the Swift concurrency pool: the check
    /// waits for `swift package dump-package`).
    func depsViolations() async throws -> [Violation] {
        let root = root
        return try await offPool {
            let workspace = try Workspace.load(root: root, configPath: nil)
            return AllowFilter.apply(DependencyChecker(workspace: workspace).check(), command: "deps", config: workspace.config).violations
        }
    }

    /// Runs the command line in the package, off the Swift concurrency pool.
    func run(_ arguments: [String]) async -> CommandOutcome {
        let root = root
        return await offPool { WorkspaceCheckCommand.run(arguments: arguments + ["--package-path", root], currentDirectory: root) }
    }

    /// Deletes the package.
    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// Runs blocking work (a child process, file reads) on a thread of its own, so a test never holds
/// one of the few Swift concurrency threads that other tests' servers need.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// `offPool` for work that cannot throw.
func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
