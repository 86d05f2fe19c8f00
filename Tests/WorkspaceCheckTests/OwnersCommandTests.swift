import Foundation
import Testing
import TestingSupport
@testable import WorkspaceCheck

@Suite("owners and CODEOWNERS on fixture packages", .serialized, .heavy)
struct OwnersCommandTests {
    /// The owners of the base fixture, each on its own config line from line 18 (Net 18 … App 23).
    static let baseOwners: [(String, String)] = [
        ("Net", "core"), ("FeedInterface", "feed"), ("LikesInterface", "feed"), ("Feed", "feed"), ("Likes", "feed"), ("App", "core"),
    ]

    /// `"teams"` from line 13, `"owners"` from line 17 (one entry a line), `"ownedPaths"` after them.
    static func ownersConfig(_ owners: [(String, String)] = baseOwners, paths: String = #""/Package.swift": ["core", "feed"]"#) -> String {
        FixturePackage.config(extra: """
              "teams": {
                "feed": { "handle": "@org/feed", "about": "the feed" },
                "core": { "handle": "@org/core" }
              },
              "owners": {
            \(owners.map { "    \"\($0.0)\": \"\($0.1)\"" }.joined(separator: ",\n"))
              },
              "ownedPaths": { \(paths) }
            """)
    }

    @Test("every module owned: exit 0; test targets take their module's team")
    func clean() async throws {
        let fixture = try FixturePackage(config: Self.ownersConfig())
        defer { fixture.remove() }
        let outcome = await fixture.run(["owners"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.output == "workspace-check owners: 7 targets, 2 teams, 0 errors, 0 warnings\n")
        let json = try JSONNodeParser.parse(await fixture.run(["owners", "--format", "json"]).output)
        #expect(json["owners"]?["FeedTests"]?.string == "feed")
        #expect(json["owners"]?["App"]?.string == "core")
        #expect(json["teams"]?["core"]?.string == "@org/core")
    }

    @Test("a test target of no module belongs to the host's team; a listed test target to its own")
    func testTargets() async throws {
        let manifest = FixturePackage.baseManifest.replacingOccurrences(
            of: #"        .testTarget(name: "FeedTests", dependencies: ["Feed"]),"#,
            with: "        .testTarget(name: \"FeedTests\", dependencies: [\"Feed\"]),\n        .testTarget(name: \"EndToEndTests\", dependencies: [\"App\"]),\n        .testTarget(name: \"LikesTests\", dependencies: [\"Likes\"]),"
        )
        let fixture = try FixturePackage(
            manifest: manifest, files: ["Tests/EndToEndTests/E.swift": "", "Tests/LikesTests/L.swift": ""],
            config: Self.ownersConfig(Self.baseOwners + [("LikesTests", "core")])
        )
        defer { fixture.remove() }
        let root = fixture.root
        let workspace = try await offPool { try Workspace.load(root: root, configPath: nil) }
        let ownership = Ownership(workspace: workspace)
        #expect(ownership.owner(of: "FeedTests")?.team.name == "feed")
        #expect(ownership.owner(of: "FeedTests")?.inheritedFrom == "Feed")
        #expect(ownership.owner(of: "EndToEndTests")?.team.name == "core")
        #expect(ownership.owner(of: "EndToEndTests")?.inheritedFrom == "App")
        #expect(ownership.owner(of: "LikesTests") == Ownership.Owner(team: Team(name: "core", handle: "@org/core", about: nil, configLine: 15), inheritedFrom: nil))
    }

    @Test("a feature's owner owns every part not listed in owners; an unknown team there fails")
    func featureOwner() async throws {
        let owners = Self.baseOwners.filter { $0.0 != "Likes" && $0.0 != "LikesInterface" }
        let features = """
              "features": [
                { "name": "Likes", "interface": "LikesInterface", "implementations": ["Likes"], "owner": "core" }
              ],
            """
        let config = Self.ownersConfig(owners).replacingOccurrences(of: "  \"teams\": {", with: features + "  \"teams\": {")
        let fixture = try FixturePackage(config: config)
        defer { fixture.remove() }
        #expect(await fixture.run(["owners"]).exitCode == 0)
        let root = fixture.root
        let workspace = try await offPool { try Workspace.load(root: root, configPath: nil) }
        let ownership = Ownership(workspace: workspace)
        #expect(ownership.owner(of: "Likes")?.team.name == "core")
        #expect(ownership.owner(of: "Likes")?.inheritedFrom == "feature Likes")
        #expect(ownership.owner(of: "LikesInterface")?.team.name == "core")

        let wrong = try FixturePackage(config: config.replacingOccurrences(of: #""owner": "core""#, with: #""owner": "nobody""#))
        defer { wrong.remove() }
        let outcome = await wrong.run(["owners"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.output.contains(#"[unknown-team] feature "Likes" is owned by team "nobody", which is not in "teams""#))
    }

    @Test("a module without an owner, an unknown team and an owner of no target: file:line, rule, why and fix")
    func violations() async throws {
        var owners = Self.baseOwners.filter { $0.0 != "Likes" }
        owners[3] = ("Feed", "fed")
        owners.append(("Ghost", "feed"))
        let fixture = try FixturePackage(config: Self.ownersConfig(owners))
        defer { fixture.remove() }
        let outcome = await fixture.run(["owners"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.output == """
            Package.swift:11: error: [unowned-module] Likes (implementation) has no owning team
                why: \(Rule.unownedModule.why)
                fix: add "Likes": "<team>" to "owners" in Tools/workspace.json (teams: core, feed), then run `workspace-check owners --write .github/CODEOWNERS`
            Tools/workspace.json:21: error: [unknown-team] "owners" gives "Feed" to team "fed", which is not in "teams"
                why: \(Rule.unknownTeam.why)
                fix: correct the team key (teams: core, feed), or add "fed": {"handle": "@org/fed"} to "teams" in Tools/workspace.json
            Tools/workspace.json:23: error: [unknown-target] "owners" has an entry for "Ghost", which is not a target of the package
                why: \(Rule.unknownTarget.why)
                fix: correct the name or remove the entry from "owners" in Tools/workspace.json
            workspace-check owners: 7 targets, 2 teams, 3 errors, 0 warnings

            """)
        let github = await fixture.run(["owners", "--format", "github"])
        #expect(github.exitCode == 1)
        #expect(github.output.hasPrefix("::error file=Package.swift,line=11,title=workspace-check unowned-module::Likes (implementation) has no owning team%0AWhy: "))
        let json = try JSONNodeParser.parse(await fixture.run(["owners", "--format", "json"]).output)
        #expect(json["errors"]?.integer == 3)
        #expect(json["violations"]?.elements?.compactMap { $0["rule"]?.string } == ["unowned-module", "unknown-team", "unknown-target"])
        #expect(json["violations"]?.elements?.last?["line"]?.integer == 23)
    }

    @Test("an owned path that does not exist, or names an unknown team")
    func ownedPaths() async throws {
        let fixture = try FixturePackage(config: Self.ownersConfig(paths: #""/Package.swift": ["core"], "/docs/": ["feed", "web"]"#))
        defer { fixture.remove() }
        let outcome = await fixture.run(["owners", "--format", "json"])
        #expect(outcome.exitCode == 1)
        let violations = try JSONNodeParser.parse(outcome.output)["violations"]?.elements ?? []
        #expect(violations.compactMap { $0["rule"]?.string } == ["unknown-path", "unknown-team"])
        #expect(violations.compactMap { $0["line"]?.integer } == [25, 25])
        #expect(violations.first?["message"]?.string == "\"ownedPaths\" has an entry for \"/docs/\", which is not a file or folder of the package")
    }

    static let codeowners = """
        # Generated by `workspace-check owners --write .github/CODEOWNERS` from "owners", "teams" and "ownedPaths"
        # in Tools/workspace.json and each feature's feature.json; do not edit by hand.
        # CI runs `workspace-check owners --check .github/CODEOWNERS`.
        # Sorted by path: GitHub applies the last matching line, so a folder comes before the paths inside it.

        /Package.swift           @org/core @org/feed
        /Sources/App/            @org/core
        /Sources/Feed/           @org/feed
        /Sources/FeedInterface/  @org/feed
        /Sources/Likes/          @org/feed
        /Sources/LikesInterface/ @org/feed
        /Sources/Net/            @org/core
        /Tests/FeedTests/        @org/feed

        """

    @Test("--write generates CODEOWNERS; --check passes on it and fails with stale-codeowners when it differs")
    func codeowners() async throws {
        let fixture = try FixturePackage(config: Self.ownersConfig())
        defer { fixture.remove() }
        let missing = await fixture.run(["owners", "--check", ".github/CODEOWNERS"])
        #expect(missing.exitCode == 1)
        #expect(missing.output.hasPrefix(".github/CODEOWNERS:1: error: [stale-codeowners] there is no .github/CODEOWNERS\n"))
        #expect(missing.output.contains("fix: run `workspace-check owners --write .github/CODEOWNERS` and commit the result"))

        let write = await fixture.run(["owners", "--write", ".github/CODEOWNERS"])
        #expect(write.exitCode == 0)
        #expect(write.output == "workspace-check owners: wrote .github/CODEOWNERS\nworkspace-check owners: 7 targets, 2 teams, 0 errors, 0 warnings\n")
        let written = try String(contentsOfFile: "\(fixture.root)/.github/CODEOWNERS", encoding: .utf8)
        #expect(written == Self.codeowners)
        let again = await fixture.run(["owners", "--write", ".github/CODEOWNERS"])
        #expect(again.output.hasPrefix("workspace-check owners: .github/CODEOWNERS is already current\n"))
        #expect(await fixture.run(["owners", "--check", ".github/CODEOWNERS"]).exitCode == 0)

        try fixture.write(written.replacingOccurrences(of: "/Sources/Likes/          @org/feed", with: "/Sources/Likes/          @org/core"), to: ".github/CODEOWNERS")
        let stale = await fixture.run(["owners", "--check", ".github/CODEOWNERS", "--format", "github"])
        #expect(stale.exitCode == 1)
        #expect(stale.output.hasPrefix("::error file=.github/CODEOWNERS,line=10,title=workspace-check stale-codeowners::.github/CODEOWNERS is stale: it differs from the owners in Tools/workspace.json at line 10%0A"))
    }

    @Test("config errors in teams and owners exit 2 with file and line")
    func configErrors() {
        func error(_ extra: String) -> String? {
            do {
                _ = try WorkspaceConfig.parse(FixturePackage.config(extra: extra), file: "Tools/workspace.json")
                return nil
            } catch {
                return error.message
            }
        }
        #expect(error(#"  "teams": { "feed": { "handle": "feed-team" } }"#)
            == "Tools/workspace.json:13: the \"handle\" of team \"feed\" must be a GitHub team or user such as \"@org/team\", not \"feed-team\"")
        #expect(error(#"  "teams": { "feed": { "name": "x" } }"#)
            == "Tools/workspace.json:13: unknown key \"name\" in team \"feed\"; known keys: about, handle, comment")
        #expect(error(#"  "owners": { "Feed": ["feed"] }"#)
            == "Tools/workspace.json:13: the owner of \"Feed\" must be a team key (a string), not an array")
        #expect(error(#"  "owners": { "Feed": "a", "Feed": "b" }"#)
            == "Tools/workspace.json:13: \"Feed\" is listed twice in \"owners\"; keep one entry")
    }
}
