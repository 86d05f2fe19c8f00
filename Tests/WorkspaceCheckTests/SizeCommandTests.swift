import Foundation
import Testing
import TestingSupport
@testable import WorkspaceCheck

@Suite("ELF reader")
struct ELFReaderTests {
    @Test("sums text and data of allocated sections; bss apart; debug and other non-allocated sections ignored")
    func sections() async throws {
        let object = ELFBuilder.object([
            .init(type: ELFBuilder.progbits, flags: ELFBuilder.alloc | ELFBuilder.execute, size: 0x100),
            .init(type: ELFBuilder.progbits, flags: ELFBuilder.alloc | ELFBuilder.write, size: 0x40),
            .init(type: ELFBuilder.progbits, flags: ELFBuilder.alloc, size: 0x20),
            .init(type: ELFBuilder.nobits, flags: ELFBuilder.alloc | ELFBuilder.write, size: 0x80),
            .init(type: ELFBuilder.progbits, flags: 0, size: 0x1000),
        ])
        let size = try ELFReader.size(of: object)
        #expect(size == ObjectSize(text: 256, data: 96, bss: 128))
        #expect(size.total == 352)
    }

    @Test("only the objects SwiftPM's output-file-map lists count: leftovers of renamed files don't")
    func leftoverObjectsDoNotCount() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wc-objects-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["Current.swift.o", "Renamed.swift.o"] {
            _ = FileManager.default.createFile(atPath: "\(directory)/\(name)", contents: Data([0x7F]))
        }
        #expect(SizeChecker.objectFiles(in: directory).map { ($0 as NSString).lastPathComponent } == ["Current.swift.o", "Renamed.swift.o"])
        let map = #"{"": {"object": "\#(directory)/Module.o"}, "/src/Current.swift": {"object": "\#(directory)/Current.swift.o"}}"#
        try Data(map.utf8).write(to: URL(fileURLWithPath: "\(directory)/output-file-map.json"))
        #expect(SizeChecker.objectFiles(in: directory) == ["\(directory)/Current.swift.o"])
    }

        @Test("a file that is not ELF64 little-endian is refused with the reason")
    func notELF() async {
        #expect(throws: ELFReader.FormatError(reason: "not an ELF file")) {
            try ELFReader.size(of: Array("!<arch>\n".utf8) + [UInt8](repeating: 0, count: 64))
        }
        var object = ELFBuilder.object([])
        object[4] = 1
        #expect(throws: ELFReader.FormatError(reason: "not a 64-bit ELF file")) {
            try ELFReader.size(of: object)
        }
    }

    @Test("reads the release objects this toolchain produced for this very module, when present")
    func realObjects() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let objects = ["debug", "release"].flatMap { SizeChecker.objectFiles(in: "\(root)/.build/\($0)/WorkspaceCheck.build") }
        try #require(!objects.isEmpty, "the tests run from a build, so the library's objects exist")
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: objects[0])))
        let size = try ELFReader.size(of: bytes)
        #expect(size.text > 0)
        #expect(size.total < bytes.count)
    }
}

@Suite("size on fixture packages", .serialized, .heavy)
struct SizeCommandTests {
    private static let modules = ["Net", "FeedInterface", "LikesInterface", "Feed", "Likes", "App"]

    /// A fixture with one object per module: text 256 + data 64 = 320 bytes each.
    private func fixture(budgets: String = "", files: [String: String?] = [:]) async throws -> FixturePackage {
        let fixture = try FixturePackage(files: files, config: FixturePackage.config(budgets: budgets))
        let object = ELFBuilder.object([
            .init(type: ELFBuilder.progbits, flags: ELFBuilder.alloc | ELFBuilder.execute, size: 256),
            .init(type: ELFBuilder.progbits, flags: ELFBuilder.alloc, size: 64),
            .init(type: ELFBuilder.progbits, flags: 0, size: 4096),
        ])
        for module in Self.modules {
            try fixture.write(object, to: ".build/release/\(module).build/\(module).swift.o")
        }
        return fixture
    }

    @Test("a module grown past its budgets fails with the config line of its budget")
    func overBudget() async throws {
        let fixture = try await fixture(budgets: #""Feed": { "lines": 2, "bytes": 300 }"#)
        defer { fixture.remove() }
        let fixtureRoot = fixture.root
        let workspace = try await offPool { try Workspace.load(root: fixtureRoot, configPath: nil) }
        let checker = SizeChecker(workspace: workspace, buildPath: "\(fixture.root)/.build/release")
        let sizes = try checker.measure()
        let feed = try #require(sizes.first { $0.module == "Feed" })
        #expect(feed.lines == 4)
        #expect(feed.bytes == 320)
        let violations = checker.violations(sizes)
        #expect(violations.map(\.rule) == [.lineBudget, .byteBudget])
        #expect(violations.allSatisfy { $0.file == "Tools/workspace.json" && $0.line == 9 })
        #expect(violations[0].message == "Feed (implementation) has 4 lines of code, over its budget of 2 (200.0%)")
        #expect(violations[1].message == "Feed (implementation) compiles to 320 bytes (text + data), over its budget of 300 (106.7%)")
        #expect(violations[0].fix.hasPrefix("split Feed: move its second concern into a new module with a role, or, if the growth is intended, raise the budget in Tools/workspace.json"))
        let outcome = await fixture.run(["size"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.output.contains("\nFeed            implementation      4  / 2       200.0%  0.3 KiB  / 0.3 KiB   106.7%\n"))
        #expect(outcome.output.hasSuffix("workspace-check size: 6 modules, 2 errors, 0 warnings\n"))
    }

    @Test("within budget passes and prints the table")
    func withinBudget() async throws {
        let fixture = try await fixture()
        defer { fixture.remove() }
        let outcome = await fixture.run(["size"])
        #expect(outcome.exitCode == 0)
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "module          role            lines  / budget  used    bytes  / budget    used")
        #expect(lines.contains("Feed            implementation      4  / 100     4.0%  0.3 KiB  / 97.7 KiB  0.3%"))
        #expect(lines.last == "workspace-check size: 6 modules, 0 errors, 0 warnings")
    }

    @Test("--baseline shows each module's growth against --write-baseline")
    func baseline() async throws {
        let fixture = try await fixture()
        defer { fixture.remove() }
        let baselinePath = "\(fixture.root)/size-baseline.json"
        #expect(await fixture.run(["size", "--write-baseline", baselinePath]).exitCode == 0)
        let saved = try String(contentsOfFile: baselinePath, encoding: .utf8)
        #expect(saved.contains(#""Feed": { "lines": 4, "bytes": 320 }"#))
        try fixture.write("import FeedInterface\nimport LikesInterface\nimport Net\n\npublic struct Feed {}\nlet a = 1\nlet b = 2\n", to: "Sources/Feed/Feed.swift")
        let outcome = await fixture.run(["size", "--baseline", baselinePath, "--format", "json"])
        #expect(outcome.exitCode == 0)
        let document = try JSONNodeParser.parse(outcome.output)
        let feed = try #require(document["modules"]?.elements?.first { $0["module"]?.string == "Feed" })
        #expect(feed["lines"]?.integer == 6)
        #expect(feed["linesChange"]?.integer == 2)
        #expect(feed["bytesChange"]?.integer == 0)
        let text = await fixture.run(["size", "--baseline", baselinePath])
        #expect(text.output.split(separator: "\n").first?.hasSuffix("Δ lines  Δ bytes") == true)
        #expect(text.output.contains("\nFeed            implementation      6  / 100     6.0%  0.3 KiB  / 97.7 KiB  0.3%       +2      0 B\n"))
    }

    @Test("--suggest prints budgets of current × factor, rounded up")
    func suggest() async throws {
        let fixture = try await fixture()
        defer { fixture.remove() }
        let outcome = await fixture.run(["size", "--suggest", "--factor", "2"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.output.contains(#"    "Feed": { "lines": 100, "bytes": 16384 },"#))
        #expect(outcome.output.hasPrefix("  \"budgets\": {\n"))
    }

    @Test("modules without release objects: exit 2 and say to build release first")
    func missingObjects() async throws {
        let fixture = try FixturePackage()
        defer { fixture.remove() }
        let outcome = await fixture.run(["size"])
        #expect(outcome.exitCode == 2)
        #expect(outcome.errorOutput == "workspace-check: error: no release object files for Net, FeedInterface, LikesInterface, Feed, Likes, App in .build/release; run `swift build -c release` first (or pass --build-path DIR)\n")
    }
}
