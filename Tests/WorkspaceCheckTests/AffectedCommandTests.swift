import Foundation
import Testing
import TestingSupport
@testable import WorkspaceCheck

/// `affected` on a fixture package that is also a temporary git repository.
@Suite("affected on a fixture git repository", .serialized, .heavy)
struct AffectedCommandTests {
    /// The base fixture plus an end-to-end test target that declares no edge to the host (so only
    /// the host rule brings it in), with owners, committed as the only commit.
    private static func repository() async throws -> FixturePackage {
        let manifest = FixturePackage.baseManifest.replacingOccurrences(
            of: #"        .testTarget(name: "FeedTests", dependencies: ["Feed"]),"#,
            with: "        .testTarget(name: \"FeedTests\", dependencies: [\"Feed\"]),\n        .testTarget(name: \"EndToEndTests\"),"
        )
        let config = OwnersCommandTests.ownersConfig().replacingOccurrences(
            of: #"{ "name": "tests", "#,
            with: #"{ "name": "e2e", "targets": ["EndToEndTests"], "mayDependOn": ["host"], "why": "e2e why." }, { "name": "tests", "#
        )
        let fixture = try FixturePackage(manifest: manifest, files: ["Tests/EndToEndTests/E.swift": "", ".gitignore": ".build/\n"], config: config)
        try await git(["init", "-q"], in: fixture.root)
        try await git(["add", "-A"], in: fixture.root)
        try await git(["commit", "-q", "-m", "base"], in: fixture.root)
        return fixture
    }

    private static func git(_ arguments: [String], in directory: String) async throws {
        let status = try await offPool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", directory, "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(status == 0, "git \(arguments)")
    }

    private func strings(_ node: JSONNode?) -> [String] {
        node?.elements?.compactMap(\.string) ?? []
    }

    @Test("an uncommitted change and an untracked file: touched, dependents, owners and tests in JSON")
    func json() async throws {
        let fixture = try await Self.repository()
        defer { fixture.remove() }
        try fixture.write("public struct Net { public init() {} }\n", to: "Sources/Net/Net.swift")
        try fixture.write("// new\n", to: "Sources/Likes/Extra.swift")
        try fixture.write("notes\n", to: "NOTES.md")
        let outcome = await fixture.run(["affected", "--base", "HEAD", "--format", "json"])
        #expect(outcome.exitCode == 0, "\(outcome.errorOutput)")
        let json = try JSONNodeParser.parse(outcome.output)
        #expect(json["base"]?.string == "HEAD")
        #expect(strings(json["changed"]) == ["NOTES.md", "Sources/Likes/Extra.swift", "Sources/Net/Net.swift"])
        #expect(strings(json["outside"]) == ["NOTES.md"])
        #expect(strings(json["touched"]) == ["Likes", "Net"])
        #expect(strings(json["dependents"]) == ["App", "Feed"])
        #expect(strings(json["tests"]) == ["EndToEndTests", "FeedTests"], "FeedTests depends on Feed; EndToEndTests because the host is affected")
        #expect(json["owners"]?["Net"]?.string == "core")
        #expect(json["owners"]?["FeedTests"]?.string == "feed")
        #expect(json["owners"]?["EndToEndTests"]?.string == "core")
        #expect(json["teams"]?["feed"]?.string == "@org/feed")
        #expect(json["everything"]?.typeName == "null")
    }

    @Test("text output lists files, modules with their teams, and the test command")
    func text() async throws {
        let fixture = try await Self.repository()
        defer { fixture.remove() }
        try fixture.write("@testable import Feed\n// more\n", to: "Tests/FeedTests/FeedTests.swift")
        let outcome = await fixture.run(["affected", "--base", "HEAD"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.output == """
            workspace-check affected: 1 changed file since HEAD
            changed:
              Tests/FeedTests/FeedTests.swift  FeedTests
            touched (1):
              FeedTests  feed  @org/feed
            dependents (0):
            tests (1):
              FeedTests  feed  @org/feed
            teams: @org/feed
            run: swift test --filter '^(FeedTests)\\.'

            """)
    }

    @Test("Package.swift is compared target by target: a comment affects nothing; committed changes count against an older base")
    func manifestComment() async throws {
        let fixture = try await Self.repository()
        defer { fixture.remove() }
        let manifest = try String(contentsOfFile: "\(fixture.root)/Package.swift", encoding: .utf8)
        try fixture.write(manifest + "// touched\n", to: "Package.swift")
        try await Self.git(["commit", "-q", "-am", "touch the manifest"], in: fixture.root)
        let clean = await fixture.run(["affected", "--base", "HEAD", "--format", "json"])
        #expect(strings(try JSONNodeParser.parse(clean.output)["changed"]).isEmpty)
        let outcome = await fixture.run(["affected", "--base", "HEAD~1", "--format", "json"])
        let json = try JSONNodeParser.parse(outcome.output)
        #expect(json["everything"]?.typeName == "null")
        #expect(strings(json["manifest"]?["targets"]) == [])
        #expect(strings(json["touched"]).isEmpty)
        #expect(strings(json["tests"]).isEmpty)
        let text = await fixture.run(["affected", "--base", "HEAD~1"])
        #expect(text.output.contains("\nPackage.swift changed: declared differently: no target\n"))
    }

    @Test("a target declared differently and a new target: those, their dependents and their tests")
    func manifestTargets() async throws {
        let fixture = try await Self.repository()
        defer { fixture.remove() }
        let manifest = try String(contentsOfFile: "\(fixture.root)/Package.swift", encoding: .utf8)
            .replacingOccurrences(of: #".target(name: "Likes", dependencies: ["LikesInterface"]),"#, with: #".target(name: "Likes", dependencies: ["LikesInterface", "FeedInterface"]), .target(name: "Bookmarks"),"#)
        try fixture.write(manifest, to: "Package.swift")
        try fixture.write("public struct Bookmarks {}\n", to: "Sources/Bookmarks/Bookmarks.swift")
        let json = try JSONNodeParser.parse(await fixture.run(["affected", "--base", "HEAD", "--format", "json"]).output)
        #expect(json["everything"]?.typeName == "null")
        #expect(strings(json["manifest"]?["targets"]) == ["Bookmarks", "Likes"])
        #expect(strings(json["touched"]) == ["Bookmarks", "Likes"])
        #expect(strings(json["dependents"]) == ["App"])
        #expect(strings(json["tests"]) == ["EndToEndTests"])
    }

    @Test("a package-wide change to Package.swift, or a change to the config, affects every module")
    func everything() async throws {
        let fixture = try await Self.repository()
        defer { fixture.remove() }
        let manifest = try String(contentsOfFile: "\(fixture.root)/Package.swift", encoding: .utf8)
        try fixture.write(manifest.replacingOccurrences(of: "swift-tools-version: 6.0", with: "swift-tools-version: 6.1"), to: "Package.swift")
        let json = try JSONNodeParser.parse(await fixture.run(["affected", "--base", "HEAD", "--format", "json"]).output)
        #expect(json["everything"]?.string == "Package.swift")
        #expect(strings(json["touched"]) == ["App", "EndToEndTests", "Feed", "FeedInterface", "FeedTests", "Likes", "LikesInterface", "Net"])
        #expect(strings(json["tests"]) == ["EndToEndTests", "FeedTests"])
        let text = await fixture.run(["affected", "--base", "HEAD"])
        #expect(text.output.contains("\nPackage.swift changed (the package-wide declarations (tools version, platforms, settings or dependencies) changed): every module is affected\n"))
        #expect(text.output.hasSuffix("\nrun: swift test\n"))
        try await Self.git(["checkout", "-q", "--", "Package.swift"], in: fixture.root)
        let config = try String(contentsOfFile: "\(fixture.root)/Tools/workspace.json", encoding: .utf8)
        try fixture.write(config + "\n", to: "Tools/workspace.json")
        let configChanged = try JSONNodeParser.parse(await fixture.run(["affected", "--base", "HEAD", "--format", "json"]).output)
        #expect(configChanged["everything"]?.string == "Tools/workspace.json")
        #expect(strings(configChanged["touched"]).count == 8)
    }

    @Test("a bad revision or a folder outside git exits 2 with one line")
    func usageErrors() async throws {
        let fixture = try await Self.repository()
        defer { fixture.remove() }
        let bad = await fixture.run(["affected", "--base", "no-such-branch"])
        #expect(bad.exitCode == 2)
        #expect(bad.output.isEmpty)
        #expect(bad.errorOutput == "workspace-check: error: unknown revision \"no-such-branch\" for --base: git has no such commit here; give a commit, branch or tag (a shallow clone may need `git fetch --deepen=1`)\n")
        let option = await fixture.run(["affected", "--base", "--output=x"])
        #expect(option.exitCode == 2)
        let plain = try FixturePackage()
        defer { plain.remove() }
        let outside = await plain.run(["affected", "--base", "HEAD"])
        #expect(outside.exitCode == 2)
        #expect(outside.errorOutput.hasPrefix("workspace-check: error: \(plain.root) is not in a git work tree ("))
        #expect(outside.errorOutput.split(separator: "\n").count == 1)
    }
}

/// `ManifestChanges` on manifests made in memory.
@Suite("what changed in Package.swift, target by target")
struct ManifestChangesTests {
    private func manifest(_ targets: [String], products: [String: [String]] = [:]) -> PackageManifest {
        var manifest = PackageManifest(
            name: "P", targets: targets.map { PackageManifest.Target(name: $0, type: "regular", path: "Sources/\($0)", sources: nil, excluded: [], dependencies: [], declaration: "{\"name\":\"\($0)\"}") })
        manifest.products = products.mapValues { ("{}", $0) }
        return manifest
    }

    @Test("a product gone brings in the targets it was built from; a new target is touched; a removed one is said")
    func products() {
        let base = manifest(["App", "Lib", "Old"], products: ["app": ["App"]])
        let head = manifest(["App", "Lib", "New"])
        let changes = ManifestChanges(base: base, head: head)
        #expect(changes.targets == ["App", "New"])
        #expect(changes.removed == ["Old"])
        #expect(changes.packageWide == nil)
    }
}
