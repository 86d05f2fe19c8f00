import Foundation
import Testing
import TestingSupport
@testable import WorkspaceCheck

/// Runs the checker on this workspace: its own rules must hold here.
@Suite("this workspace", .heavy)
struct WorkspaceSelfCheckTests {
    private let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test("deps finds no errors in this workspace, and every target has a role")
    func deps() async throws {
        let root = root
        let outcome = await offPool {
            WorkspaceCheckCommand.run(arguments: ["deps", "--package-path", root, "--format", "json"], currentDirectory: root)
        }
        let document = try JSONNodeParser.parse(outcome.output)
        let errors = (document["violations"]?.elements ?? []).filter { $0["severity"]?.string == "error" }
        #expect(errors.isEmpty, "\(errors.compactMap { $0["message"]?.string })")
        #expect(outcome.exitCode == 0)
        let workspace = try await offPool { try Workspace.load(root: root, configPath: nil) }
        for target in workspace.manifest.targets {
            #expect(workspace.roles[target.name] != nil, "\(target.name) has no role")
        }
        #expect(workspace.roles["WorkspaceCheckTests"]?.module == "WorkspaceCheck")
    }

    @Test("every module has an owner, CODEOWNERS, the plugin list and the flag tables are current, and every feature has its parts")
    func ownersAndShape() async {
        let root = root
        let generated = ["Host/Plugins/PluginList.swift", "README.md", "docs/features.md"].map { ["plugins", "--check", "\(root)/\($0)"] }
        for arguments in [["owners", "--check", "\(root)/.github/CODEOWNERS"], ["shape"]] + generated {
            let outcome = await offPool {
                WorkspaceCheckCommand.run(arguments: arguments + ["--package-path", root], currentDirectory: root)
            }
            #expect(outcome.exitCode == 0, "\(arguments): \(outcome.output)\(outcome.errorOutput)")
        }
    }

    @Test("the graph embedded in docs/architecture.md is current")
    func graph() async {
        let root = root
        let outcome = await offPool {
            WorkspaceCheckCommand.run(arguments: ["graph", "--package-path", root, "--check", "\(root)/docs/architecture.md"], currentDirectory: root)
        }
        #expect(outcome.exitCode == 0, "\(outcome.output)")
    }
}

/// Violations injected into a copy of this workspace's sources: each fails with file:line, the
/// rule and the fix, and an import that only appears in a comment or a string does not.
@Suite("a copy of this workspace with injected violations", .heavy)
struct InjectedViolationTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Copies the package's manifest, config and source folders (no build products) to a temp folder.
    private static func copyOfWorkspace() throws -> String {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("wc-copy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for item in ["Package.swift", "Modules", "Examples", "Host", "Tools", "Tests", "README.md"] {
            try FileManager.default.copyItem(atPath: "\(root)/\(item)", toPath: "\(copy)/\(item)")
        }
        return copy
    }

    private static func append(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    private static func lineCount(_ path: String) throws -> Int {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
    }

    @Test("implementation → implementation, an undeclared import in the host, and comments or strings that are not imports")
    func injected() async throws {
        let copy = try Self.copyOfWorkspace()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let feedFile = "\(copy)/Modules/Features/FeedData/CompositeFeedRepository.swift"
        let feedLine = try Self.lineCount(feedFile)
        try Self.append("import Likes\n", to: feedFile)
        let hostFile = "\(copy)/Host/FeedCommand.swift"
        let hostLine = try Self.lineCount(hostFile)
        try Self.append("import HTTPServer\n", to: hostFile)
        let harmless = "// import Store\nlet note = \"import Store\"\nlet raw = #\"\"\"\nimport Store\n\"\"\"#\n/* import Store /* nested */ */\n"
        try Self.append(harmless, to: "\(copy)/Modules/Features/Likes/LikeDTOs.swift")

        let outcome = await offPool { WorkspaceCheckCommand.run(arguments: ["deps", "--package-path", copy], currentDirectory: copy) }
        #expect(outcome.exitCode == 1)
        let lines = outcome.output.split(separator: "\n").map(String.init)
        let feed = try #require(lines.first { $0.hasPrefix("Modules/Features/FeedData/CompositeFeedRepository.swift:\(feedLine): error: [forbidden-import]") }, "\(lines)")
        #expect(feed.contains("FeedData (implementation) imports Likes (implementation)"))
        let host = try #require(lines.first { $0.hasPrefix("Host/FeedCommand.swift:\(hostLine): error: [undeclared-import]") }, "\(lines)")
        #expect(host.contains("Host imports HTTPServer"))
        #expect(outcome.output.contains("fix: import LikesInterface instead of Likes; the host passes Likes in"))
        #expect(outcome.output.contains("fix: add \"HTTPServer\" to the dependencies of Host in Package.swift"))
        #expect(!outcome.output.contains("Store"), "comments and strings are not imports")
    }

    /// Moves `Modules/Features/Likes` to `folder` in `copy`, in the file tree and in Package.swift.
    private static func moveLikes(in copy: String, to folder: String) throws {
        try FileManager.default.createDirectory(atPath: "\(copy)/\(folder)", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: "\(copy)/Modules/Features/Likes", toPath: "\(copy)/\(folder)/Likes")
        let manifest = "\(copy)/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "\"Modules/Features/Likes\"", with: "\"\(folder)/Likes\"")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
    }

    @Test("a module moved into the wrong role folder fails with file, rule and fix")
    func wrongRoleFolder() async throws {
        let copy = try Self.copyOfWorkspace()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try Self.moveLikes(in: copy, to: "Modules/Platform")
        let outcome = await offPool { WorkspaceCheckCommand.run(arguments: ["deps", "--package-path", copy], currentDirectory: copy) }
        #expect(outcome.exitCode == 1)
        let line = try #require(outcome.output.split(separator: "\n").first { $0.contains("[forbidden-dependency]") && $0.contains("Likes (platform) depends on FeedInterface (interface)") }, "\(outcome.output)")
        #expect(line.hasPrefix("Package.swift:"))
        #expect(outcome.output.contains("Likes has the role platform because it lives in Modules/Platform: if that is the wrong role, move it to the folder of its role"))
    }

    @Test("a module outside every role folder fails with file, rule and fix")
    func outsideRoleFolders() async throws {
        let copy = try Self.copyOfWorkspace()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try Self.moveLikes(in: copy, to: "Modules")
        let outcome = await offPool { WorkspaceCheckCommand.run(arguments: ["deps", "--package-path", copy], currentDirectory: copy) }
        #expect(outcome.exitCode == 1)
        let lines = outcome.output.split(separator: "\n").map(String.init)
        let line = try #require(lines.first { $0.contains("[unassigned-role]") }, "\(outcome.output)")
        #expect(line.hasPrefix("Package.swift:"))
        #expect(line.contains("target Likes lives in Modules/Likes, outside every role folder"))
        #expect(outcome.output.contains("fix: move Modules/Likes into the folder of its role — Modules/System (system), Modules/Platform (platform), Modules/Interfaces (interface), Modules/Kits (kit), Modules/Features (implementation)"))
    }

    @Test("the feed importing the profile feature fails: it must ask through ProfileInterface")
    func feedImportsProfile() async throws {
        let copy = try Self.copyOfWorkspace()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let file = "\(copy)/Modules/Features/Feed/Screen/FeedScreen.swift"
        let line = try Self.lineCount(file)
        try Self.append("import Profile\n", to: file)
        let outcome = await offPool { WorkspaceCheckCommand.run(arguments: ["deps", "--package-path", copy], currentDirectory: copy) }
        #expect(outcome.exitCode == 1)
        #expect(outcome.output.contains("Modules/Features/Feed/Screen/FeedScreen.swift:\(line): error: [forbidden-import]"), "\(outcome.output)")
        #expect(outcome.output.contains("Feed (implementation) imports Profile (implementation)"))
        #expect(outcome.output.contains("fix: import ProfileInterface instead of Profile"))
    }
}
