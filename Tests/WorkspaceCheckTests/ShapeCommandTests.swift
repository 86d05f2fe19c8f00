import Foundation
import Testing
import TestingSupport
@testable import WorkspaceCheck

/// `shape` and the `example` role on a fixture laid out in role folders, with two features.
@Suite("feature shape and demos on fixture packages", .serialized, .heavy)
struct ShapeCommandTests {
    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Fixture",
            targets: [
                .target(name: "FeedInterface", path: "Modules/Interfaces/FeedInterface"),
                .target(name: "LikesInterface", path: "Modules/Interfaces/LikesInterface"),
                .target(name: "Feed", dependencies: ["FeedInterface"], path: "Modules/Features/Feed"),
                .target(name: "Likes", dependencies: ["LikesInterface"], path: "Modules/Features/Likes"),
                .target(name: "LikesTesting", dependencies: ["LikesInterface"], path: "Modules/TestSupport/LikesTesting"),
                .executableTarget(name: "FeedDemo", dependencies: ["Feed", "FeedInterface", "LikesTesting"], path: "Examples/FeedDemo"),
                .testTarget(name: "FeedTests", dependencies: ["Feed"]),
            ]
        )
        """
    // Lines: FeedInterface 7, LikesInterface 8, Feed 9, Likes 10, LikesTesting 11, FeedDemo 12, FeedTests 13.

    static let files: [String: String?] = [
        "Modules/Interfaces/FeedInterface/Post.swift": "public struct Post {}\n",
        "Modules/Interfaces/LikesInterface/Likes.swift": "public protocol LikesRepository {}\n",
        "Modules/Features/Feed/Feed.swift": "import FeedInterface\n",
        "Modules/Features/Likes/Likes.swift": "import LikesInterface\n",
        "Modules/TestSupport/LikesTesting/FakeLikes.swift": "import LikesInterface\n",
        "Examples/FeedDemo/main.swift": "import Feed\nimport FeedInterface\nimport LikesTesting\n",
        "Tests/FeedTests/FeedTests.swift": "@testable import Feed\n",
        // The base fixture's Sources/ files are not targets here.
        "Sources/Net/Net.swift": nil, "Sources/FeedInterface/Post.swift": nil, "Sources/LikesInterface/Likes.swift": nil,
        "Sources/Feed/Feed.swift": nil, "Sources/Likes/Likes.swift": nil, "Sources/App/main.swift": nil,
    ]

    /// Roles by folder; the features start on line 10 (Feed: name, interface, implementations, then
    /// `feed` one a line) and after it (Likes), one part a line.
    static func config(feed: [String] = [#""tests": ["FeedTests"]"#, #""demo": "FeedDemo""#], likes: [String] = [#""testing": "LikesTesting""#]) -> String {
        func feature(_ name: String, _ implementation: String, _ parts: [String]) -> String {
            (["    { \"name\": \"\(name)\"", "      \"interface\": \"\(name)Interface\"", "      \"implementations\": [\"\(implementation)\"]"]
                + parts.map { "      " + $0 }).joined(separator: ",\n") + " }"
        }
        return """
            {
              "roles": [
                { "name": "interface", "folders": ["Modules/Interfaces"], "mayDependOn": ["interface"], "why": "interface why." },
                { "name": "implementation", "folders": ["Modules/Features"], "mayDependOn": ["interface"], "why": "implementation why." },
                { "name": "testsupport", "folders": ["Modules/TestSupport"], "mayDependOn": ["interface"], "why": "testsupport why." },
                { "name": "example", "folders": ["Examples"], "mayDependOn": ["$feature", "interface", "testsupport"], "why": "example why." },
                { "name": "tests", "patterns": ["*Tests"], "mayDependOn": ["$module", "interface", "testsupport"], "why": "tests why." }
              ],
              "features": [
            \(feature("Feed", "Feed", feed)),
            \(feature("Likes", "Likes", likes))
              ]
            }
            """
    }

    private func fixture(manifest: String = Self.manifest, files: [String: String?] = [:], config: String = Self.config()) throws -> FixturePackage {
        try FixturePackage(manifest: manifest, files: Self.files.merging(files) { $1 }, config: config)
    }

    @Test("a feature's own end-to-end tests (role e2e) may be listed among its tests")
    func endToEndTestsAmongTests() async throws {
        let config = Self.config(feed: [#""tests": ["FeedTests", "FeedEndToEndTests"]"#, #""demo": "FeedDemo""#]).replacingOccurrences(
            of: #"{ "name": "tests", "patterns""#,
            with: #"{ "name": "e2e", "patterns": ["*EndToEndTests"], "mayDependOn": ["*"], "why": "e2e why." },\#n    { "name": "tests", "patterns""#)
        let manifest = Self.manifest.replacingOccurrences(
            of: #".testTarget(name: "FeedTests", dependencies: ["Feed"]),"#,
            with: #".testTarget(name: "FeedTests", dependencies: ["Feed"]), .testTarget(name: "FeedEndToEndTests", dependencies: ["FeedDemo"]),"#)
        let fixture = try fixture(manifest: manifest, files: ["Tests/FeedEndToEndTests/FeedEndToEndTests.swift": "import Foundation\n"], config: config)
        defer { fixture.remove() }
        let shape = await fixture.run(["shape", "--format", "json"])
        let violations = try JSONNodeParser.parse(shape.output)["violations"]?.elements ?? []
        #expect(!violations.contains { $0["target"]?.string == "FeedEndToEndTests" }, "\(shape.output)")
        let owners = await fixture.run(["owners", "--format", "json"])
        #expect(owners.exitCode != 2, "\(owners.errorOutput)")
    }

    @Test("a demo may link its own feature, interfaces and fakes: deps is clean; a feature with an interface missing a part fails shape")
    func clean() async throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let deps = await fixture.run(["deps"])
        #expect(deps.exitCode == 0, "\(deps.output)")
        #expect(deps.output == "workspace-check deps: 7 targets, 0 errors, 0 warnings\n")
        let shape = await fixture.run(["shape"])
        #expect(shape.exitCode == 1)
        #expect(shape.output == """
            Tools/workspace.json:10: error: [feature-incomplete] feature "Feed" has no testing module
                why: \(Rule.featureIncomplete.why)
                fix: add FeedTesting to Modules/TestSupport/ with fakes of FeedInterface, and "testing": "FeedTesting" to the feature
            Tools/workspace.json:15: error: [feature-incomplete] feature "Likes" has no demo
                why: \(Rule.featureIncomplete.why)
                fix: add the executable LikesDemo in Examples/LikesDemo/ (product likes-demo), and "demo": "LikesDemo" to the feature
            Tools/workspace.json:15: error: [feature-incomplete] feature "Likes" has no tests
                why: \(Rule.featureIncomplete.why)
                fix: add the test target LikesTests in Tests/LikesTests/ (one per implementation), and "tests": ["LikesTests"] to the feature
            workspace-check shape: 2 features, 3 errors, 0 warnings

            """)
    }

    @Test("every part present passes shape; a feature without an interface is only warned about what it lacks")
    func complete() async throws {
        let manifest = Self.manifest.replacingOccurrences(
            of: #"        .testTarget(name: "FeedTests""#,
            with: """
                        .target(name: "FeedTesting", dependencies: ["FeedInterface"], path: "Modules/TestSupport/FeedTesting"),
                        .executableTarget(name: "LikesDemo", dependencies: ["Likes", "LikesInterface", "LikesTesting"], path: "Examples/LikesDemo"),
                        .testTarget(name: "LikesTests", dependencies: ["Likes"]),
                        .testTarget(name: "FeedTests"
                """)
        let files: [String: String?] = [
            "Modules/TestSupport/FeedTesting/FakeFeed.swift": "import FeedInterface\n",
            "Examples/LikesDemo/main.swift": "import Likes\nimport LikesInterface\nimport LikesTesting\n",
            "Tests/LikesTests/LikesTests.swift": "@testable import Likes\n",
        ]
        let config = Self.config(
            feed: [#""testing": "FeedTesting""#, #""tests": ["FeedTests"]"#, #""demo": "FeedDemo""#],
            likes: [#""testing": "LikesTesting""#, #""tests": ["LikesTests"]"#, #""demo": "LikesDemo""#])
        let whole = try fixture(manifest: manifest, files: files, config: config)
        defer { whole.remove() }
        let deps = await whole.run(["deps"])
        #expect(deps.exitCode == 0, "\(deps.output)")
        let shape = await whole.run(["shape"])
        #expect(shape.exitCode == 0, "\(shape.output)")
        #expect(shape.output == "workspace-check shape: 2 features, 0 errors, 0 warnings\n")

        // The same Likes with no interface (a follow-up no module calls) and none of its other parts: warnings only.
        let followUp = try fixture(
            manifest: manifest, files: files,
            config: Self.config(feed: [#""testing": "FeedTesting""#, #""tests": ["FeedTests"]"#, #""demo": "FeedDemo""#], likes: [])
                .replacingOccurrences(of: "      \"interface\": \"LikesInterface\",\n", with: ""))
        defer { followUp.remove() }
        let outcome = await followUp.run(["shape", "--format", "json"])
        #expect(outcome.exitCode == 0, "\(outcome.output)")
        let violations = try JSONNodeParser.parse(outcome.output)["violations"]?.elements ?? []
        #expect(violations.map { "\($0["severity"]?.string ?? "") \($0["message"]?.string ?? "")" } == [
            "warning feature \"Likes\" has no demo", "warning feature \"Likes\" has no interface",
            "warning feature \"Likes\" has no testing module", "warning feature \"Likes\" has no tests",
        ])
    }

    @Test("a demo importing another feature's implementation fails deps with the interface or fake to use")
    func demoImportsOtherFeature() async throws {
        let manifest = Self.manifest.replacingOccurrences(
            of: #"dependencies: ["Feed", "FeedInterface", "LikesTesting"]"#, with: #"dependencies: ["Feed", "FeedInterface", "LikesTesting", "Likes"]"#
        )
        let fixture = try fixture(manifest: manifest, files: ["Examples/FeedDemo/main.swift": "import Feed\nimport FeedInterface\nimport LikesTesting\nimport Likes\n"])
        defer { fixture.remove() }
        let outcome = await fixture.run(["deps"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.output == """
            Examples/FeedDemo/main.swift:4: error: [forbidden-import] FeedDemo (example) imports Likes (implementation), declared in Package.swift; an example module may depend only on: its own feature (Feed), interface, testsupport
                why: example why.
                fix: import LikesInterface, or a fake from LikesTesting, instead of Likes; FeedDemo may link only its own feature's implementations (Feed). FeedDemo has the role example because it lives in Examples: if that is the wrong role, move it to the folder of its role
            Package.swift:12: error: [forbidden-dependency] FeedDemo (example) depends on Likes (implementation); an example module may depend only on: its own feature (Feed), interface, testsupport
                why: example why.
                fix: depend on LikesInterface, or a fake from LikesTesting, instead of Likes; FeedDemo may link only its own feature's implementations (Feed). FeedDemo has the role example because it lives in Examples: if that is the wrong role, move it to the folder of its role
            workspace-check deps: 7 targets, 2 errors, 0 warnings

            """)
    }

    @Test("a demo not listed in any feature may link the module its name gives (LikesDemo → Likes)")
    func demoByName() async throws {
        let manifest = Self.manifest.replacingOccurrences(
            of: #"        .testTarget(name: "FeedTests""#,
            with: "        .executableTarget(name: \"LikesDemo\", dependencies: [\"Likes\", \"Feed\"], path: \"Examples/LikesDemo\"),\n        .testTarget(name: \"FeedTests\""
        )
        let fixture = try fixture(manifest: manifest, files: ["Examples/LikesDemo/main.swift": "import Likes\nimport Feed\n"])
        defer { fixture.remove() }
        let violations = try await fixture.depsViolations()
        #expect(violations.map(\.rule) == [.forbiddenImport, .forbiddenDependency])
        #expect(violations.allSatisfy { $0.subject == "Feed" })
        #expect(violations[1].fix.hasPrefix("depend on FeedInterface, or a fake from FeedTesting, instead of Feed; LikesDemo may link only its own feature's implementations (Likes)"))
    }

    @Test("parts with the wrong role, parts that do not exist, an implementation in no feature or in two")
    func violations() async throws {
        let manifest = Self.manifest.replacingOccurrences(
            of: #"        .testTarget(name: "FeedTests""#,
            with: "        .target(name: \"Extra\", path: \"Modules/Features/Extra\"),\n        .testTarget(name: \"FeedTests\""
        )
        let config = Self.config(
            feed: [#""testing": "Likes""#, #""tests": ["FeedTests", "GhostTests"]"#, #""demo": "FeedDemo""#],
            likes: [#""testing": "LikesTesting""#, #""demo": "FeedInterface""#]
        ).replacingOccurrences(of: #""implementations": ["Feed"]"#, with: #""implementations": ["Feed", "Likes"]"#)
        let fixture = try fixture(manifest: manifest, files: ["Modules/Features/Extra/Extra.swift": "public struct Extra {}\n"], config: config)
        defer { fixture.remove() }
        let outcome = await fixture.run(["shape", "--format", "json"])
        #expect(outcome.exitCode == 1)
        let violations = try JSONNodeParser.parse(outcome.output)["violations"]?.elements ?? []
        let found = violations.map { "\($0["file"]?.string ?? ""):\($0["line"]?.integer ?? 0) \($0["rule"]?.string ?? "") \($0["message"]?.string ?? "")" }
        #expect(found == [
            "Package.swift:13 featureless-implementation Extra (implementation) belongs to no feature",
            "Tools/workspace.json:13 feature-role Likes, the testing of feature \"Feed\", has role implementation, not testsupport",
            "Tools/workspace.json:14 unknown-target feature \"Feed\" names \"GhostTests\" as its tests, which is not a target of the package",
            "Tools/workspace.json:16 feature-incomplete feature \"Likes\" has no tests",
            "Tools/workspace.json:18 shared-implementation Likes is an implementation of both \"Feed\" and \"Likes\"",
            "Tools/workspace.json:20 feature-role FeedInterface, the demo of feature \"Likes\", has role interface, not example",
        ])
        let fixes = violations.compactMap { $0["fix"]?.string }
        #expect(fixes[0] == "add \"Extra\" to the \"implementations\" of its feature in its feature.json (features: Feed, Likes), or add a feature for it: a feature.json in Modules/Features/Extra/")
        #expect(fixes[1] == "move Modules/Features/Likes into Modules/TestSupport/ (and set its path: in Package.swift), or name the right module in \"testing\" of feature \"Feed\"")
    }

    @Test("feature config errors exit 2 with file and line")
    func configErrors() {
        func error(_ features: String) -> String? {
            do {
                _ = try WorkspaceConfig.parse(FixturePackage.config(extra: "  \"features\": [\n\(features) ]"), file: "Tools/workspace.json")
                return nil
            } catch {
                return error.message
            }
        }
        #expect(error(#"{ "name": "Feed", "implementations": ["Feed"] }"#) == nil, "a follow-up no module calls needs no interface (a warning of shape)")
        #expect(error(#"{ "name": "Feed", "interface": "FeedInterface" }"#)
            == "Tools/workspace.json:14: feature \"Feed\" has no \"implementations\"; list its implementation modules ([\"Feed\"])")
        #expect(error(#"{ "name": "Feed", "interface": "FeedInterface", "implementations": ["Feed"], "fakes": "X" }"#)
            == "Tools/workspace.json:14: unknown key \"fakes\" in a feature; known keys: binary, demo, implementations, interface, meets, name, owner, plugins, testing, tests, comment")
        #expect(error("{ \"name\": \"A\", \"interface\": \"I\", \"implementations\": [\"A\"] },\n{ \"name\": \"A\", \"interface\": \"I\", \"implementations\": [\"B\"] }")
            == "Tools/workspace.json:15: feature \"A\" is defined twice; merge the two")
    }
}
