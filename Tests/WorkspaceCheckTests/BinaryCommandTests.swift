import Foundation
import Testing
import TestingSupport
@testable import WorkspaceCheck

@Suite("binary budgets per module and team", .serialized, .heavy)
struct BinaryCommandTests {
    private static let modules = ["Net", "FeedInterface", "LikesInterface", "Feed", "Likes", "App"]

    /// The teams and owners of the fixture, then `binary`.
    private static func extra(binary: String) -> String {
        """
          "teams": { "feed": { "handle": "@org/feed" }, "likes": { "handle": "@org/likes" }, "app": { "handle": "@org/app" }, "platform": { "handle": "@org/platform" } },
          "owners": { "Net": "platform", "FeedInterface": "feed", "LikesInterface": "likes", "Feed": "feed", "Likes": "likes", "App": "app" },
          "binary": \(binary)
        """
    }

    /// Budgets of 400 bytes for every module but those in `over` (300) and `without` (none).
    private static func binary(over: Set<String> = [], without: Set<String> = [], total: Int = 1_000) -> String {
        let entries = modules.filter { !without.contains($0) }.map { "\"\($0)\": \(over.contains($0) ? 300 : 400)" }
        return #"{ "product": "app", "target": "App", "totalBytes": \#(total), "modules": { \#(entries.joined(separator: ", ")) } }"#
    }

    /// A fixture whose modules each have one object of 320 bytes (text 256 + data 64) and whose
    /// linked `app` has 320 bytes too.
    private func fixture(binary: String) throws -> FixturePackage {
        let fixture = try FixturePackage(config: FixturePackage.config(extra: Self.extra(binary: binary)))
        let object = ELFBuilder.object([
            .init(type: ELFBuilder.progbits, flags: ELFBuilder.alloc | ELFBuilder.execute, size: 256),
            .init(type: ELFBuilder.progbits, flags: ELFBuilder.alloc, size: 64),
            .init(type: ELFBuilder.progbits, flags: 0, size: 4096),
        ])
        for module in Self.modules {
            try fixture.write(object, to: ".build/release/\(module).build/\(module).swift.o")
        }
        try fixture.write(object, to: ".build/release/app")
        return fixture
    }

    /// The 1-based line of the config that contains `text`.
    private func configLine(_ fixture: FixturePackage, containing text: String) throws -> Int {
        let config = try String(contentsOfFile: "\(fixture.root)/Tools/workspace.json", encoding: .utf8)
        let lines = config.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    @Test("a module over its binary budget fails, naming the module and its owning team, at the budget's line")
    func overBudget() async throws {
        let fixture = try fixture(binary: Self.binary(over: ["Feed"]))
        defer { fixture.remove() }
        let outcome = await fixture.run(["binary", "--format", "github"])
        #expect(outcome.exitCode == 1)
        let line = try configLine(fixture, containing: #""binary""#)
        let annotation = "::error file=Tools/workspace.json,line=\(line),title=workspace-check binary-budget::Feed (team feed, @org/feed) contributes 320 bytes (0.3 KiB) to app, over its binary budget of 300 (106.7%25)"
        #expect(outcome.output.contains(annotation))
        #expect(outcome.output.contains("@org/feed finds what grew"))
        #expect(outcome.output.contains("approved by @org/feed and the owners of Tools/workspace.json"))
        #expect(outcome.output.hasSuffix("workspace-check binary: app, 6 modules, 1 error, 0 warnings\n"))
    }

    @Test("every module within its budget and the binary within its own passes, with the table")
    func withinBudget() async throws {
        let fixture = try fixture(binary: Self.binary())
        defer { fixture.remove() }
        let outcome = await fixture.run(["binary"])
        #expect(outcome.exitCode == 0)
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "module          team        bytes  / budget    used")
        #expect(lines.contains("Feed            feed      0.3 KiB  / 0.4 KiB  80.0%"))
        #expect(lines.contains("app             (linked)  0.3 KiB  / 1.0 KiB  32.0%"))
        #expect(lines.last == "workspace-check binary: app, 6 modules, 0 errors, 0 warnings")
    }

    @Test("a module without a binary budget is a warning naming it and its team, not a failure")
    func missingBudget() async throws {
        let fixture = try fixture(binary: Self.binary(without: ["Likes"]))
        defer { fixture.remove() }
        let outcome = await fixture.run(["binary", "--format", "json"])
        #expect(outcome.exitCode == 0)
        let document = try JSONNodeParser.parse(outcome.output)
        #expect(document["errors"]?.integer == 0)
        let violations = try #require(document["violations"]?.elements)
        #expect(violations.count == 1)
        #expect(violations.first?["rule"]?.string == "binary-budget-missing")
        #expect(violations.first?["severity"]?.string == "warning")
        #expect(violations.first?["message"]?.string == "Likes (team likes, @org/likes) ships 0.3 KiB in app and has no binary budget: no budget counts its bytes, not even the whole binary's, until it has one")
        #expect(violations.first?["fix"]?.string?.hasPrefix(#"add "binary": {"Likes": 4096} (today's size + 25%) to its feature's feature.json"#) == true)
        let likes = try #require(document["modules"]?.elements?.first { $0["module"]?.string == "Likes" })
        #expect(likes["budget"].map { if case .null = $0.value { true } else { false } } == true)
        #expect(likes["handle"]?.string == "@org/likes")
    }

    @Test("a feature's manifest brings its module's binary budget and the total grows by as much; over it points at the manifest")
    func manifestBudget() async throws {
        // The config's total (320) counts only modules with a budget; the manifest's 4,096 for Likes raise it to 4,416.
        let fixture = try fixture(binary: Self.binary(without: ["Likes"], total: 320))
        defer { fixture.remove() }
        let manifest = #"{ "name": "Likes", "interface": "LikesInterface", "implementations": ["Likes"],\#n  "binary": { "Likes": 4096 } }"#
        try fixture.write(manifest, to: "Sources/Likes/feature.json")
        let within = await fixture.run(["binary", "--format", "json"])
        #expect(within.exitCode == 0, "\(within.output)")
        let document = try JSONNodeParser.parse(within.output)
        #expect(document["warnings"]?.integer == 0, "Likes has its budget now")
        let likes = try #require(document["modules"]?.elements?.first { $0["module"]?.string == "Likes" })
        #expect(likes["budget"]?.integer == 4096)

        try fixture.write(manifest.replacingOccurrences(of: "4096", with: "300"), to: "Sources/Likes/feature.json")
        let over = await fixture.run(["binary"])
        #expect(over.exitCode == 1)
        #expect(over.output.contains("Sources/Likes/feature.json:2: error: [binary-budget] Likes (team likes, @org/likes) contributes 320 bytes"), "\(over.output)")
        #expect(over.output.contains(#"or raise "binary" of Likes in Sources/Likes/feature.json"#))

        try fixture.write(manifest.replacingOccurrences(of: #""Likes": 4096"#, with: #""Feed": 4096"#), to: "Sources/Likes/feature.json")
        let notItsOwn = await fixture.run(["binary"])
        #expect(notItsOwn.exitCode == 2)
        #expect(notItsOwn.errorOutput.contains(#""binary" of feature "Likes" names "Feed", which is not one of its modules"#), "\(notItsOwn.errorOutput)")
    }

    @Test("the linked binary over its total budget fails naming the host's team")
    func productOverBudget() async throws {
        let fixture = try fixture(binary: Self.binary(total: 300))
        defer { fixture.remove() }
        let outcome = await fixture.run(["binary"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.output.contains("error: [binary-budget] app (App (team app, @org/app)) links to 320 bytes (text + data), over its budget of 300 (106.7%)"))
        #expect(outcome.output.contains("approved by @org/app and the owners of Tools/workspace.json"))
        #expect(outcome.output.hasSuffix("1 error, 0 warnings\n"))
    }

    @Test("a module without a budget is not counted against the total either, so adding a module never fails CI")
    func newModuleDoesNotBreakTheTotal() async throws {
        // The linked app (320 bytes) is over a total of 100, but all of it is Net's, which has no budget yet.
        let fixture = try fixture(binary: Self.binary(without: ["Net"], total: 100))
        defer { fixture.remove() }
        let outcome = await fixture.run(["binary", "--format", "json"])
        #expect(outcome.exitCode == 0)
        let document = try JSONNodeParser.parse(outcome.output)
        #expect(document["productBytes"]?.integer == 320)
        #expect(document["productCountedBytes"]?.integer == 0)
        #expect(document["warnings"]?.integer == 1)
        let text = await fixture.run(["binary"])
        #expect(text.output.contains("(app is 0.3 KiB; the 0.3 KiB of modules without a budget yet do not count until they have one)"))
    }

    @Test("a budget for a module that does not ship warns; one for no target at all fails")
    func staleBudgets() async throws {
        let fixture = try FixturePackage(
            manifest: FixturePackage.baseManifest.replacingOccurrences(of: #".executableTarget(name: "App", dependencies: ["Feed", "Likes", "FeedInterface"]),"#, with: #".executableTarget(name: "App", dependencies: ["Feed", "FeedInterface"]),"#),
            files: ["Sources/App/main.swift": "import Feed\nimport FeedInterface\n\nprint(\"app\")\n"],
            config: FixturePackage.config(extra: Self.extra(binary: #"{ "product": "app", "target": "App", "totalBytes": 9000, "modules": { "Likes": 400, "Lieks": 400 } }"#))
        )
        defer { fixture.remove() }
        let object = ELFBuilder.object([.init(type: ELFBuilder.progbits, flags: ELFBuilder.alloc, size: 10)])
        for module in Self.modules { try fixture.write(object, to: ".build/release/\(module).build/\(module).swift.o") }
        try fixture.write(object, to: ".build/release/app")
        let outcome = await fixture.run(["binary", "--format", "json"])
        let document = try JSONNodeParser.parse(outcome.output)
        let violations = try #require(document["violations"]?.elements)
        let byTarget = Dictionary(uniqueKeysWithValues: violations.compactMap { v in v["target"]?.string.map { ($0, v) } }.filter { ["Likes", "Lieks"].contains($0.0) })
        #expect(byTarget["Lieks"]?["rule"]?.string == "unknown-target")
        #expect(byTarget["Likes"]?["severity"]?.string == "warning")
        #expect(byTarget["Likes"]?["message"]?.string == "\"binary.modules\" has a budget for Likes, which is not linked into app")
        #expect(outcome.exitCode == 1)
        #expect(document["modules"]?.elements?.map { $0["module"]?.string ?? "" }.sorted() == ["App", "Feed", "FeedInterface", "LikesInterface", "Net"])
    }

    @Test("--suggest prints totalBytes and modules at today's size + 25%, rounded up to 4 KiB")
    func suggest() async throws {
        let fixture = try fixture(binary: Self.binary())
        defer { fixture.remove() }
        let outcome = await fixture.run(["binary", "--suggest", "--factor", "20"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.output.hasPrefix("    \"totalBytes\": 8192,\n    \"modules\": {\n      \"App\": 8192,\n"))
        #expect(BinaryChecker.suggested(100_000) == 126_976)
    }

    @Test("no linked product: exit 2 with one line saying what to build")
    func missingProduct() async throws {
        let fixture = try fixture(binary: Self.binary())
        defer { fixture.remove() }
        try FileManager.default.removeItem(atPath: "\(fixture.root)/.build/release/app")
        let outcome = await fixture.run(["binary"])
        #expect(outcome.exitCode == 2)
        #expect(outcome.errorOutput == "workspace-check: error: no app in .build/release; run `swift build -c release --product app` first (or pass --build-path DIR)\n")
    }

    @Test("a bad \"binary\" in the config gives one clear line with file:line and exit 2")
    func badConfig() async throws {
        let cases: [(String, String)] = [
            (#"{ "product": "app", "target": "App", "totalBytes": "big" }"#, #""binary" needs "totalBytes": a positive whole number (the linked product's text + data)"#),
            (#"{ "product": "app", "target": "App", "totalBytes": 10, "modules": { "Feed": -1 } }"#, #"the binary budget of "Feed" must be a positive whole number of bytes, not a number"#),
            (#"{ "product": "app", "target": "App", "totalBytes": 10, "modules": [] }"#, #""binary.modules" must be an object of module names, such as {"Feed": 262144}"#),
            (#"{ "product": "app", "target": "Ap", "totalBytes": 10 }"#, #""binary.target" names "Ap", which is not a target of the package; give the product's executable target"#),
            (#"{ "product": "app", "target": "App", "totalBytes": 10, "modules": { "Feed": 1, } }"#, "fix the JSON syntax"),
        ]
        for (binary, message) in cases {
            let fixture = try fixture(binary: binary)
            defer { fixture.remove() }
            let outcome = await fixture.run(["binary"])
            #expect(outcome.exitCode == 2, "\(binary)")
            #expect(outcome.errorOutput.hasPrefix("workspace-check: error: Tools/workspace.json:"), "\(binary)")
            #expect(outcome.errorOutput.hasSuffix(message + "\n"), "\(outcome.errorOutput)")
            #expect(outcome.errorOutput.filter { $0 == "\n" }.count == 1)
        }
    }
}
