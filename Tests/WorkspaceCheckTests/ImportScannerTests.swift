import Testing
@testable import WorkspaceCheck

@Suite("Import scanner")
struct ImportScannerTests {
    private let conditions = CompilationConditions(
        active: ["os(Linux)", "FLAG"], inactive: ["canImport(Darwin)"], packageModules: ["Feed", "Likes"], swiftVersion: [6, 3]
    )

    private func scan(_ source: String) -> [ImportDeclaration] {
        ImportScanner.scan(source, conditions: conditions).imports
    }

    @Test("every import form is read with its attributes, access level and kind")
    func forms() {
        let imports = scan("""
            import Foundation
            @testable import Feed
            import struct Feed.Post
            public import Likes
            package import A
            internal import B
            @_exported import C
            @preconcurrency import D
            @_spi(Internal) import E
            @testable
            import F
            import G; import H
            import func I.+
            """)
        #expect(imports.map(\.module) == ["Foundation", "Feed", "Feed", "Likes", "A", "B", "C", "D", "E", "F", "G", "H", "I"])
        #expect(imports.map(\.line) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 12, 13])
        #expect(imports[1].attributes == ["testable"])
        #expect(imports[2].kind == "struct")
        #expect(imports[2].path == "Feed.Post")
        #expect(imports[3].accessLevel == "public")
        #expect(imports[4].accessLevel == "package")
        #expect(imports[6].isExported)
        #expect(imports[8].attributes == ["_spi"])
        #expect(imports[9].attributes == ["testable"])
        #expect(imports.allSatisfy { $0.active == .yes })
    }

    @Test("comments, strings and non-declarations are not imports")
    func notImports() {
        let imports = scan(#"""
            // import A
            /* import B /* nested */ import C */
            let s = "import D"
            let t = """
                import E
                """
            let u = #"import F"#
            func f(import x: Int) {}
            struct S {
                func g() { let import = 1 }
            }
            """#)
        #expect(imports.isEmpty)
    }

    @Test("#if branches: inactive skipped, unknown kept with the condition, nesting and #elseif chains")
    func conditionalCompilation() {
        let imports = scan("""
            #if os(macOS)
            import A
            #elseif FLAG
            import B
            #else
            import C
            #endif
            #if DEBUG
            import D
            #if canImport(Darwin)
            import E
            #endif
            #else
            import F
            #endif
            #if !canImport(Darwin) && (FLAG || UNKNOWN)
            import G
            #endif
            #if canImport(Feed)
            import H
            #endif
            """)
        let byModule = Dictionary(uniqueKeysWithValues: imports.map { ($0.module, $0) })
        #expect(byModule["A"]?.active == .no)
        #expect(byModule["B"]?.active == .yes)
        #expect(byModule["C"]?.active == .no)
        #expect(byModule["D"]?.active == .unknown)
        #expect(byModule["D"]?.unknownConditions == ["#if DEBUG"])
        #expect(byModule["E"]?.active == .no)
        #expect(byModule["F"]?.active == .unknown)
        #expect(byModule["F"]?.unknownConditions == ["#else"])
        #expect(byModule["G"]?.active == .yes)
        #expect(byModule["H"]?.active == .unknown, "canImport of a package module depends on build order")
    }
}

@Suite("#if conditions")
struct ConditionEvaluatorTests {
    private let conditions = CompilationConditions(
        active: ["os(Linux)", "arch(x86_64)", "ON"], inactive: ["OFF"], packageModules: ["Feed"], swiftVersion: [6, 3]
    )

    private func evaluate(_ text: String) -> Truth {
        let tokens = SwiftLexer.lex(text).tokens
        return ConditionEvaluator.evaluate(tokens[...], conditions: conditions)
    }

    @Test("operators, parentheses and three-valued logic")
    func logic() {
        #expect(evaluate("ON") == .yes)
        #expect(evaluate("!ON") == .no)
        #expect(evaluate("OFF || ON") == .yes)
        #expect(evaluate("ON && !OFF") == .yes)
        #expect(evaluate("ON && (OFF || MAYBE)") == .unknown)
        #expect(evaluate("OFF && MAYBE") == .no)
        #expect(evaluate("ON || MAYBE") == .yes)
        #expect(evaluate("!(OFF || OFF)") == .yes)
        #expect(evaluate("ON&&!OFF") == .yes)
    }

    @Test("platform conditions, canImport and versions")
    func platform() {
        #expect(evaluate("os(Linux)") == .yes)
        #expect(evaluate("os(macOS)") == .no)
        #expect(evaluate("arch(arm64)") == .no)
        #expect(evaluate("targetEnvironment(simulator)") == .unknown)
        #expect(evaluate("canImport(Feed)") == .unknown)
        #expect(evaluate("canImport(Mystery)") == .unknown)
        #expect(evaluate("swift(>=5.9)") == .yes)
        #expect(evaluate("swift(>=6.4)") == .no)
        #expect(evaluate("compiler(<6)") == .no)
        #expect(evaluate("true && !false") == .yes)
    }
}
