import Foundation
import Testing
import TestingSupport
@testable import WorkspaceCheck

@Suite("config")
struct ConfigTests {
    private func error(_ text: String) -> String? {
        do {
            _ = try WorkspaceConfig.parse(text, file: "Tools/workspace.json")
            return nil
        } catch {
            return error.message
        }
    }

    @Test("reads roles, patterns, budgets, conditions and allow entries")
    func reads() async throws {
        let config = try WorkspaceConfig.parse(FixturePackage.config(
            budgets: #""Feed": { "lines": 2, "bytes": 300 }"#,
            allow: [#"    { "rule": "forbidden-import", "target": "Feed", "dependency": "Likes", "reason": "r" }"#]
        ), file: "Tools/workspace.json")
        #expect(config.roles.map(\.name) == ["platform", "interface", "implementation", "host", "tests"])
        #expect(config.roles[2].targets == ["Feed": 5, "Likes": 5])
        #expect(config.budgets["Feed"] == SizeBudget(lines: 2, bytes: 300, configLine: 9))
        #expect(config.allow == [AllowEntry(rule: .forbiddenImport, target: "Feed", dependency: "Likes", file: nil, reason: "r", configLine: 11)])
        #expect(config.unusedDependencySeverity == .warning)
        #expect(config.conditions.active == ["os(Linux)"])
        #expect(RoleAssignment.find(for: "FeedTests", path: "Tests/FeedTests", in: config.roles)?.module == "Feed")
        #expect(RoleAssignment.find(for: "OfflinePagesInterface", path: "Sources/OfflinePagesInterface", in: config.roles)?.role.name == "interface")
        #expect(RoleAssignment.find(for: "Feed", path: "Sources/Feed", in: config.roles)?.role.name == "implementation")
        #expect(RoleAssignment.find(for: "Mystery", path: "Sources/Mystery", in: config.roles) == nil)
    }

    @Test("a role folder gives its role; a listed target wins over a folder, a folder over a pattern")
    func folders() throws {
        let config = try WorkspaceConfig.parse(#"""
            { "roles": [
              { "name": "platform", "folders": ["Modules/Platform/"], "mayDependOn": ["platform"], "why": "w" },
              { "name": "special", "targets": ["Odd"], "mayDependOn": [], "why": "w" },
              { "name": "interface", "patterns": ["*Interface"], "mayDependOn": [], "why": "w" } ] }
            """#, file: "c.json")
        let net = RoleAssignment.find(for: "Net", path: "Modules/Platform/Net", in: config.roles)
        #expect(net?.role.name == "platform")
        #expect(net?.folder == "Modules/Platform")
        #expect(RoleAssignment.find(for: "Odd", path: "Modules/Platform/Odd", in: config.roles)?.role.name == "special")
        #expect(RoleAssignment.find(for: "NetInterface", path: "Modules/Platform/NetInterface", in: config.roles)?.role.name == "platform")
        #expect(RoleAssignment.find(for: "NetInterface", path: "Modules/NetInterface", in: config.roles)?.role.name == "interface")
        #expect(RoleAssignment.find(for: "Net", path: "Modules/PlatformX/Net", in: config.roles) == nil, "a folder matches whole path components")
    }

    @Test("errors name the file and line and say what to do")
    func errors() async {
        #expect(error("{\n  \"roles\": [\n") == "Tools/workspace.json:3: unexpected end of the file; fix the JSON syntax")
        #expect(error(#"{ "roles": [ { "name": "a", "mayDependOn": ["b"], "why": "w" } ] }"#)
            == "Tools/workspace.json:1: role \"a\" names unknown role \"b\"; known roles: a")
        #expect(error("{ \"roles\": [\n { \"name\": \"a\", \"mayDependOn\": [], \"why\": \"w\", \"target\": [] } ] }")
            == "Tools/workspace.json:2: unknown key \"target\" in a role; known keys: budget, color, fix, folders, mayDependOn, mayExport, name, patterns, targets, why, comment")
        #expect(error("{ \"roles\": [\n { \"name\": \"a\", \"targets\": [\"X\"], \"mayDependOn\": [], \"why\": \"w\" },\n { \"name\": \"b\", \"targets\": [\"X\"], \"mayDependOn\": [], \"why\": \"w\" } ] }")
            == "Tools/workspace.json:3: target \"X\" is listed in roles \"a\" and \"b\"; keep it in one")
        #expect(error("{ \"roles\": [], \"allow\": [\n { \"rule\": \"forbidden-import\", \"target\": \"A\" } ] }")
            == "Tools/workspace.json:2: the allow entry's \"reason\" (say why the exception is needed) is missing; add it")
        #expect(error("{ \"roles\": [], \"allow\": [\n { \"rule\": \"no-such-rule\", \"target\": \"A\", \"reason\": \"r\" } ] }")?
            .hasPrefix("Tools/workspace.json:2: unknown rule \"no-such-rule\" in an allow entry; rules: forbidden-dependency, ") == true)
        #expect(error("{ \"roles\": [ { \"name\": \"t\", \"targets\": [\"T\"], \"mayDependOn\": [\"$module\"], \"why\": \"w\" } ] }")
            == "Tools/workspace.json:1: role \"t\" uses \"$module\" but has no pattern with \"*\" to take the module name from; add a pattern such as \"*Tests\"")
    }

    @Test("patterns: the first * is the module, explicit names win")
    func patterns() async {
        #expect(RoleDefinition.match("FeedTests", pattern: "*Tests") == "Feed")
        #expect(RoleDefinition.match("Tests", pattern: "*Tests") == "")
        #expect(RoleDefinition.match("FeedTest", pattern: "*Tests") == nil)
        #expect(RoleDefinition.match("CSQLite", pattern: "C*") == "SQLite")
        #expect(RoleDefinition.match("Host", pattern: "Host") == "")
    }
}

@Suite("manifest lines")
struct ManifestLocatorTests {
    @Test("finds each target's name line and each dependency's line, falling back to the target")
    func lines() async {
        let locator = ManifestLocator(manifest: """
            let package = Package(
                name: "P",
                targets: [
                    .target(name: "A"),
                    .target(
                        name: "B",
                        dependencies: [
                            "A", // the first
                            .target(name: "C"),
                            .product(name: "D", package: "d"),
                        ],
                        path: "Sources/B"
                    ),
                    .testTarget(name: "BTests", dependencies: sharedDependencies),
                ]
            )
            """)
        #expect(locator.line(ofTarget: "A") == 4)
        #expect(locator.line(ofTarget: "B") == 6)
        #expect(locator.line(ofDependency: "A", inTarget: "B") == 8)
        #expect(locator.line(ofDependency: "C", inTarget: "B") == 9)
        #expect(locator.line(ofDependency: "D", inTarget: "B") == 10)
        #expect(locator.line(ofDependency: "B", inTarget: "BTests") == 14)
        #expect(locator.line(ofTarget: "P") == nil)
    }
}

@Suite("command line", .heavy)
struct CommandLineTests {
    @Test("usage errors exit 2 with one line")
    func usageErrors() async {
        let cases: [([String], String)] = [
            ([], "no command given; use one of deps, size, graph, owners, plugins, shape, affected, binary or launch (--help for options)"),
            (["lint"], "unknown command \"lint\"; use deps, size, graph, owners, plugins, shape, affected, binary or launch"),
            (["deps", "--base", "HEAD"], "--base belongs to `workspace-check affected`"),
            (["affected"], "affected needs --base REV, the git revision to compare the work tree with (e.g. --base origin/main)"),
            (["affected", "--base", "HEAD", "--format", "github"], "affected prints text or json, not github annotations; use --format text or --format json"),
            (["shape", "--check", "X"], "--check and --write belong to `workspace-check graph`, `owners` and `plugins`"),
            (["deps", "--frobnicate"], "unknown option '--frobnicate'; see `workspace-check --help`"),
            (["deps", "--format", "xml"], "invalid value 'xml' for --format: expected text, github or json; see `workspace-check --help`"),
            (["deps", "--format"], "--format needs a value: text, github or json; see `workspace-check --help`"),
            (["deps", "--suggest"], "--suggest and --factor belong to `workspace-check size` and `workspace-check binary`"),
            (["deps", "--build-path", "x"], "--build-path belongs to `workspace-check size`, `binary` and `launch`"),
            (["binary", "--runs", "3"], "--runs belongs to `workspace-check launch`"),
            (["launch", "--runs", "0"], "invalid value '0' for --runs: expected a whole number from 1 to 101; see `workspace-check --help`"),
            (["deps", "--package-path", "/nonexistent-dir"], "no Package.swift in /nonexistent-dir; run from the package root or pass --package-path DIR"),
        ]
        for (arguments, message) in cases {
            let outcome = WorkspaceCheckCommand.run(arguments: arguments, currentDirectory: "/")
            #expect(outcome.exitCode == 2, "\(arguments)")
            #expect(outcome.errorOutput == "workspace-check: error: \(message)\n")
        }
    }

    @Test("--help, -h and help print the usage and exit 0; --format=json is --format json")
    func help() async {
        for word in ["-h", "help"] {
            #expect(WorkspaceCheckCommand.run(arguments: [word], currentDirectory: "/").exitCode == 0)
        }
        let inline = WorkspaceCheckCommand.run(arguments: ["deps", "--format=xml"], currentDirectory: "/")
        #expect(inline.errorOutput.contains("invalid value 'xml' for --format"))
        let outcome = WorkspaceCheckCommand.run(arguments: ["--help"], currentDirectory: "/")
        #expect(outcome.exitCode == 0)
        #expect(outcome.output.hasPrefix("usage: workspace-check <command> [options]"))
    }

    @Test("a missing config exits 2 and says how to create one")
    func missingConfig() async throws {
        let fixture = try FixturePackage()
        defer { fixture.remove() }
        try FileManager.default.removeItem(atPath: "\(fixture.root)/Tools/workspace.json")
        let outcome = await fixture.run(["deps"])
        #expect(outcome.exitCode == 2)
        #expect(outcome.errorOutput == "workspace-check: error: no config at Tools/workspace.json; create it (see Tools/WorkspaceCheck/README.md) or pass --config FILE\n")
    }

    @Test("a config error exits 2 with file and line")
    func configError() async throws {
        let fixture = try FixturePackage(config: "{\n  \"roles\": [],\n  \"unusedDependency\": \"loud\"\n}\n")
        defer { fixture.remove() }
        let outcome = await fixture.run(["deps"])
        #expect(outcome.exitCode == 2)
        #expect(outcome.errorOutput == "workspace-check: error: Tools/workspace.json:3: \"unusedDependency\" must be \"warning\", \"error\" or \"off\"\n")
    }
}
