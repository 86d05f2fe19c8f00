import Foundation
import Testing
@testable import WorkspaceCheck

/// Runs the checker on this workspace: its own rules must hold here.
@Suite("this workspace")
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

    @Test("the graph embedded in the workspace README is current")
    func graph() async {
        let root = root
        let outcome = await offPool {
            WorkspaceCheckCommand.run(arguments: ["graph", "--package-path", root, "--check", "\(root)/README.md"], currentDirectory: root)
        }
        #expect(outcome.exitCode == 0, "\(outcome.output)")
    }
}
