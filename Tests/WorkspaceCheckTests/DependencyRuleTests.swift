import Testing
import TestingSupport
@testable import WorkspaceCheck

/// One fixture package per rule; each asserts the exact rule, file, line, message and fix.
@Suite("deps rules on fixture packages", .serialized, .heavy)
struct DependencyRuleTests {
    private func check(
        manifest: String = FixturePackage.baseManifest,
        files: [String: String?] = [:],
        config: String = FixturePackage.config()
    ) async throws -> [Violation] {
        let fixture = try FixturePackage(manifest: manifest, files: files, config: config)
        defer { fixture.remove() }
        return try await fixture.depsViolations()
    }

    @Test("the base fixture is clean")
    func clean() async throws {
        let fixture = try FixturePackage()
        defer { fixture.remove() }
        let outcome = await fixture.run(["deps"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.output == "workspace-check deps: 7 targets, 0 errors, 0 warnings\n")
    }

    @Test("an implementation importing another implementation it does not declare")
    func implementationImportsImplementation() async throws {
        let violations = try await check(files: ["Sources/Feed/Wiring.swift": "// Wires likes.\n\nimport Likes\n"])
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.rule == .forbiddenImport)
        #expect(violation.severity == .error)
        #expect(violation.file == "Sources/Feed/Wiring.swift")
        #expect(violation.line == 3)
        #expect(violation.message == "Feed (implementation) imports Likes (implementation), not even declared in Package.swift; an implementation module may depend only on: interface, platform")
        #expect(violation.why == "implementation why.")
        #expect(violation.fix == "import LikesInterface instead of Likes; the host passes Likes in")
    }

    @Test("an implementation declaring and importing another implementation: the manifest line and the import")
    func implementationDependsOnImplementation() async throws {
        let manifest = FixturePackage.baseManifest.replacingOccurrences(
            of: #"dependencies: ["FeedInterface", "LikesInterface", "Net"]"#,
            with: #"dependencies: ["FeedInterface", "LikesInterface", "Net", "Likes"]"#
        )
        let violations = try await check(manifest: manifest, files: ["Sources/Feed/Wiring.swift": "import Likes\n"])
        #expect(violations.map(\.rule) == [.forbiddenDependency, .forbiddenImport])
        #expect(violations.map(\.file) == ["Package.swift", "Sources/Feed/Wiring.swift"])
        #expect(violations.map(\.line) == [10, 1])
        #expect(violations[0].message == "Feed (implementation) depends on Likes (implementation); an implementation module may depend only on: interface, platform")
        #expect(violations[0].fix == "depend on LikesInterface instead of Likes; the host passes Likes in")
        #expect(violations[1].message == "Feed (implementation) imports Likes (implementation), declared in Package.swift; an implementation module may depend only on: interface, platform")
    }

    @Test("an interface importing a platform module it does not declare")
    func interfaceImportsPlatform() async throws {
        let violations = try await check(files: ["Sources/FeedInterface/Transport.swift": "import Foundation\nimport Net\n"])
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.rule == .forbiddenImport)
        #expect(violation.file == "Sources/FeedInterface/Transport.swift")
        #expect(violation.line == 2)
        #expect(violation.message == "FeedInterface (interface) imports Net (platform), not even declared in Package.swift; an interface module may depend only on: interface")
        #expect(violation.why == "interface why.")
        #expect(violation.fix == "remove `import Net` from FeedInterface (an interface module may use only: interface); move the code that needs Net into a module whose role allows it, and reach it through an interface")
    }

    @Test("$contract: a platform module may depend on the interface named after it or after a platform module it declares, and on no other")
    func ownContract() async throws {
        let manifest = FixturePackage.baseManifest.replacingOccurrences(
            of: #".target(name: "Net"),"#,
            with: #".target(name: "Net", dependencies: ["NetInterface", "FeedInterface"]), .target(name: "NetInterface"), .target(name: "Wire", dependencies: ["Net", "NetInterface"]),"#
        )
        let config = FixturePackage.config().replacingOccurrences(
            of: #""targets": ["Net"], "mayDependOn": ["platform"]"#,
            with: #""targets": ["Net", "Wire"], "mayDependOn": ["platform", "$contract"]"#
        )
        let violations = try await check(
            manifest: manifest,
            files: [
                "Sources/NetInterface/Transport.swift": "public protocol Transport {}\n",
                "Sources/Net/Net.swift": "import NetInterface\nimport FeedInterface\n\npublic struct Net {}\n",
                "Sources/Wire/Wire.swift": "import Net\nimport NetInterface\n\npublic struct Wire {}\n",
            ],
            config: config)
        #expect(violations.map(\.rule) == [.forbiddenDependency, .forbiddenImport])
        #expect(violations.map(\.file) == ["Package.swift", "Sources/Net/Net.swift"])
        #expect(violations.map(\.line) == [7, 2])
        #expect(violations[0].message == "Net (platform) depends on FeedInterface (interface); a platform module may depend only on: platform, its own contract (NetInterface) and those of the platform modules it declares")
    }

    @Test("an undeclared import in the host")
    func undeclaredImportInHost() async throws {
        let main = "import Feed\nimport Likes\nimport FeedInterface\nimport Net\n\nprint(\"app\")\n"
        let violations = try await check(files: ["Sources/App/main.swift": main])
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.rule == .undeclaredImport)
        #expect(violation.file == "Sources/App/main.swift")
        #expect(violation.line == 4)
        #expect(violation.message == "App imports Net, which is not in App's dependencies")
        #expect(violation.fix == "add \"Net\" to the dependencies of App in Package.swift (line 12)")
    }

    @Test("imports that appear only in comments and strings do not fail")
    func commentsAndStrings() async throws {
        let notes = #####"""
            // import Likes
            /* import Likes
               /* nested */ import Likes
            */
            let a = "import Likes"
            let b = """
                import Likes
                \(a.count) import Likes
                """
            let c = #"import Likes \#(a) "quoted" import Likes"#
            let d = "\("import Likes")"
            """#####
        let violations = try await check(files: ["Sources/Feed/Notes.swift": notes])
        #expect(violations.isEmpty)
    }

    @Test("an unused declared dependency is a warning and does not fail the run")
    func unusedDependency() async throws {
        let manifest = FixturePackage.baseManifest.replacingOccurrences(
            of: #".target(name: "Likes", dependencies: ["LikesInterface"])"#,
            with: #".target(name: "Likes", dependencies: ["LikesInterface", "Net"])"#
        )
        let fixture = try FixturePackage(manifest: manifest)
        defer { fixture.remove() }
        let violations = try await fixture.depsViolations()
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.rule == .unusedDependency)
        #expect(violation.severity == .warning)
        #expect(violation.file == "Package.swift")
        #expect(violation.line == 11)
        #expect(violation.message == "Likes declares a dependency on Net, but no source file of Likes imports it")
        let outcome = await fixture.run(["deps"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.output.hasPrefix("Package.swift:11: warning: [unused-dependency] Likes declares a dependency on Net"))
    }

    @Test("an interface may re-export only interfaces")
    func exportedImport() async throws {
        let violations = try await check(files: [
            "Sources/FeedInterface/Exports.swift": "@_exported import Foundation\n",
            "Sources/LikesInterface/Exports.swift": "@_exported import FeedInterface\n",
        ])
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.rule == .exportedImport)
        #expect(violation.file == "Sources/FeedInterface/Exports.swift")
        #expect(violation.line == 1)
        #expect(violation.message == "FeedInterface (interface) re-exports Foundation (not a package module) with @_exported import; an interface module may re-export only interface modules")
        #expect(violation.fix == "write `import Foundation` without @_exported; clients that need Foundation declare and import it themselves")
    }

    @Test("a target that no role covers says how to give it one")
    func unassignedRole() async throws {
        let manifest = FixturePackage.baseManifest.replacingOccurrences(
            of: #"        .testTarget("#, with: "        .target(name: \"Mystery\"),\n        .testTarget("
        )
        let violations = try await check(manifest: manifest, files: ["Sources/Mystery/Mystery.swift": "let x = 1\n"])
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.rule == .unassignedRole)
        #expect(violation.file == "Package.swift")
        #expect(violation.line == 13)
        #expect(violation.message == "target Mystery has no role")
        #expect(violation.fix == "add \"Mystery\" to the \"targets\" of a role in Tools/workspace.json (roles: platform, interface, implementation, host, tests) or name it to match a pattern (*Interface, *Tests)")
    }

    @Test("#if: inactive branches are skipped, unknown ones are checked and say so")
    func conditionalImports() async throws {
        let platform = """
            #if os(macOS)
            import Likes
            #elseif DEBUG
            import Likes
            #endif
            #if canImport(Likes) || FLAG
            @testable import App
            #endif
            """
        let violations = try await check(files: ["Sources/Feed/Platform.swift": platform])
        #expect(violations.map(\.line) == [4, 7])
        #expect(violations.map(\.rule) == [.forbiddenImport, .forbiddenImport])
        #expect(violations[0].message == "Feed (implementation) imports Likes (implementation), not even declared in Package.swift; an implementation module may depend only on: interface, platform (inside #elseif DEBUG, which the check cannot evaluate, so every branch is checked)")
        #expect(violations[1].message == "Feed (implementation) imports App (host), not even declared in Package.swift; an implementation module may depend only on: interface, platform (inside #if canImport(Likes) || FLAG, which the check cannot evaluate, so every branch is checked)")
    }

    @Test("an import in the #else of canImport of a package module is checked, and every import is reported")
    func canImportElseAndRepeatedImports() async throws {
        let source = """
            #if canImport(Likes)
            import LikesInterface
            #else
            import Likes
            #endif
            import Likes
            """
        let violations = try await check(files: ["Sources/Feed/Hidden.swift": source])
        #expect(violations.map(\.line) == [4, 6])
        #expect(violations.allSatisfy { $0.rule == .forbiddenImport && $0.subject == "Likes" })
    }

    @Test("a stale allow entry fails the run")
    func staleAllow() async throws {
        let entry = #"    { "rule": "unused-dependency", "target": "Likes", "dependency": "Net", "reason": "linked for a side effect" }"#
        let fixture = try FixturePackage(config: FixturePackage.config(allow: [entry]))
        defer { fixture.remove() }
        let violations = try await fixture.depsViolations()
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.rule == .staleAllow)
        #expect(violation.file == "Tools/workspace.json")
        #expect(violation.line == 11)
        #expect(violation.message == "the allow entry for unused-dependency of Likes → Net matches nothing")
        #expect(violation.fix == "remove this entry from \"allow\" in Tools/workspace.json: the exception is no longer needed")
        #expect(await fixture.run(["deps"]).exitCode == 1)
    }

    @Test("a matching allow entry silences its violation and is counted")
    func allowEntryMatches() async throws {
        let manifest = FixturePackage.baseManifest.replacingOccurrences(
            of: #".target(name: "Likes", dependencies: ["LikesInterface"])"#,
            with: #".target(name: "Likes", dependencies: ["LikesInterface", "Net"])"#
        )
        let entry = #"    { "rule": "unused-dependency", "target": "Likes", "dependency": "Net", "reason": "linked for a side effect" }"#
        let fixture = try FixturePackage(manifest: manifest, config: FixturePackage.config(allow: [entry]))
        defer { fixture.remove() }
        let outcome = await fixture.run(["deps"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.output == "workspace-check deps: 7 targets, 0 errors, 0 warnings, 1 allowed by the config\n")
    }

    @Test("a role naming a target that does not exist is reported at its config line")
    func unknownTarget() async throws {
        let config = FixturePackage.config().replacingOccurrences(of: #"["Feed", "Likes"]"#, with: #"["Feed", "Likes", "Ghost"]"#)
        let violations = try await check(config: config)
        #expect(violations.count == 1)
        #expect(violations.first?.rule == .unknownTarget)
        #expect(violations.first?.file == "Tools/workspace.json")
        #expect(violations.first?.line == 5)
        #expect(violations.first?.message == "role \"implementation\" lists \"Ghost\", which is not a target of the package")
    }

    @Test("every violation is reported at once, in text and as GitHub annotations")
    func outputFormats() async throws {
        let main = "import Feed\nimport Likes\nimport FeedInterface\nimport Net\n\nprint(\"app\")\n"
        let fixture = try FixturePackage(files: [
            "Sources/App/main.swift": main,
            "Sources/Feed/Wiring.swift": "import Likes\n",
        ])
        defer { fixture.remove() }
        let text = await fixture.run(["deps"])
        #expect(text.exitCode == 1)
        #expect(text.output == """
            Sources/App/main.swift:4: error: [undeclared-import] App imports Net, which is not in App's dependencies
                why: \(Rule.undeclaredImport.why)
                fix: add "Net" to the dependencies of App in Package.swift (line 12)
            Sources/Feed/Wiring.swift:1: error: [forbidden-import] Feed (implementation) imports Likes (implementation), not even declared in Package.swift; an implementation module may depend only on: interface, platform
                why: implementation why.
                fix: import LikesInterface instead of Likes; the host passes Likes in
            workspace-check deps: 7 targets, 2 errors, 0 warnings

            """)
        let github = await fixture.run(["deps", "--format", "github"])
        #expect(github.exitCode == 1)
        let lines = github.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "::error file=Sources/App/main.swift,line=4,title=workspace-check undeclared-import::App imports Net, which is not in App's dependencies%0AWhy: \(Rule.undeclaredImport.why)%0AFix: add \"Net\" to the dependencies of App in Package.swift (line 12)")
        let json = await fixture.run(["deps", "--format", "json"])
        #expect(json.exitCode == 1)
        let document = try JSONNodeParser.parse(json.output)
        #expect(document["errors"]?.integer == 2)
        #expect(document["violations"]?.elements?.first?["line"]?.integer == 4)
        #expect(document["violations"]?.elements?.last?["rule"]?.string == "forbidden-import")
    }
}
