import Foundation
import Testing
import TestingSupport
@testable import WorkspaceCheck

@Suite("graph on fixture packages", .serialized, .heavy)
struct GraphCommandTests {
    private static let mermaid = """
        flowchart TD
          Net
          FeedInterface
          LikesInterface
          Feed
          Likes
          App
          App --> Feed
          App --> FeedInterface
          App --> Likes
          Feed --> FeedInterface
          Feed --> LikesInterface
          Feed --> Net
          Likes --> LikesInterface
          LikesInterface --> FeedInterface
          classDef platform fill:#eeeeee,stroke:#555,color:#000
          class Net platform
          classDef interface fill:#eeeeee,stroke:#555,color:#000
          class FeedInterface,LikesInterface interface
          classDef implementation fill:#eeeeee,stroke:#555,color:#000
          class Feed,Likes implementation
          classDef host fill:#eeeeee,stroke:#555,color:#000
          class App host
        """

    @Test("Mermaid output: roles as classes, deterministic order, tests left out")
    func mermaidOutput() async throws {
        let fixture = try FixturePackage()
        defer { fixture.remove() }
        let outcome = await fixture.run(["graph"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.output == Self.mermaid + "\n")
        let dot = await fixture.run(["graph", "--dot"]).output
        #expect(dot.hasPrefix("digraph modules {"))
        #expect(dot.contains("  \"Feed\" -> \"Net\";"))
        #expect(dot.contains("  \"Net\" [fillcolor=\"#eeeeee\", tooltip=\"platform\", class=\"platform\"];"))
    }

    @Test("--check fails on a stale README at the first differing line; --write fixes it")
    func checkAndWrite() async throws {
        let fixture = try FixturePackage()
        defer { fixture.remove() }
        let stale = Self.mermaid.replacingOccurrences(of: "  Feed --> Net\n", with: "")
        try fixture.write("# Fixture\n\n<!-- module-graph:begin -->\n```mermaid\n\(stale)\n```\n<!-- module-graph:end -->\n\nMore text.\n", to: "README.md")
        let check = await fixture.run(["graph", "--check", "README.md", "--format", "github"])
        #expect(check.exitCode == 1)
        #expect(check.output.hasPrefix("::error file=README.md,line=17,title=workspace-check stale-graph::the module graph in README.md is stale: it differs from Package.swift at line 17%0A"))
        let write = await fixture.run(["graph", "--write", "README.md"])
        #expect(write.exitCode == 0)
        #expect(write.output == "workspace-check graph: wrote the module graph to README.md\n")
        let written = try String(contentsOfFile: "\(fixture.root)/README.md", encoding: .utf8)
        #expect(written == "# Fixture\n\n<!-- module-graph:begin -->\n```mermaid\n\(Self.mermaid)\n```\n<!-- module-graph:end -->\n\nMore text.\n")
        let recheck = await fixture.run(["graph", "--check", "README.md"])
        #expect(recheck.exitCode == 0)
        #expect(recheck.output == "workspace-check graph: README.md is current, 0 errors, 0 warnings\n")
    }

    @Test("the module map block: each role folder's targets from Package.swift, written by --write, stale when edited")
    func moduleMap() async throws {
        let fixture = try FixturePackage(manifest: ShapeCommandTests.manifest, files: ShapeCommandTests.files, config: ShapeCommandTests.config())
        defer { fixture.remove() }
        let document = "# A\n<!-- module-map:begin -->\n<!-- module-map:end -->\n<!-- module-graph:begin -->\n<!-- module-graph:end -->\n"
        try fixture.write(document, to: "docs/a.md")
        #expect(await fixture.run(["graph", "--check", "docs/a.md"]).exitCode == 1)
        #expect(await fixture.run(["graph", "--write", "docs/a.md"]).exitCode == 0)
        let written = try String(contentsOfFile: "\(fixture.root)/docs/a.md", encoding: .utf8)
        #expect(written.hasPrefix("""
            # A
            <!-- module-map:begin -->
            ```
            Modules/Interfaces/   FeedInterface, LikesInterface
            Modules/Features/     Feed, Likes
            Modules/TestSupport/  LikesTesting
            Examples/             FeedDemo
            ```
            <!-- module-map:end -->
            """), "\(written)")
        #expect(await fixture.run(["graph", "--check", "docs/a.md"]).exitCode == 0)
        try fixture.write(written.replacingOccurrences(of: "Feed, Likes", with: "Feed"), to: "docs/a.md")
        let stale = await fixture.run(["graph", "--check", "docs/a.md"])
        #expect(stale.exitCode == 1)
        #expect(stale.output.contains("the module map in docs/a.md is stale: it differs from Package.swift at line 5"), "\(stale.output)")
    }

    @Test("a README without markers fails --check and --write says how to add them")
    func missingMarkers() async throws {
        let fixture = try FixturePackage()
        defer { fixture.remove() }
        try fixture.write("# Fixture\n", to: "README.md")
        let check = await fixture.run(["graph", "--check", "README.md"])
        #expect(check.exitCode == 1)
        #expect(check.output.hasPrefix("README.md:1: error: [stale-graph] README.md has no module-graph markers\n"))
        let write = await fixture.run(["graph", "--write", "README.md"])
        #expect(write.exitCode == 2)
        #expect(write.errorOutput == "workspace-check: error: README.md has no module-graph markers; add the lines <!-- module-graph:begin --> and <!-- module-graph:end --> where the graph belongs, then run `workspace-check graph --write README.md`\n")
    }
}
