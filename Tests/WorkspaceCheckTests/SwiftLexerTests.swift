import Testing
@testable import WorkspaceCheck

@Suite("Swift lexer")
struct SwiftLexerTests {
    private func identifiers(_ source: String) -> [String] {
        SwiftLexer.lex(source).tokens.filter { $0.kind == .identifier }.map(\.text)
    }

    @Test("line and nested block comments produce no tokens")
    func comments() {
        let source = """
            a // b c
            /* d /* e */ f */ g
            h/*i*/j
            """
        #expect(identifiers(source) == ["a", "g", "h", "j"])
    }

    @Test("every form of string literal is one token, whatever it contains")
    func strings() {
        let source = ###"""
            let a = "x \"import Q\" \(b("import R")) y"
            let c = """
                import S
                \(d) import T
                """
            let e = #"import U "quoted" \#(f) \(notInterpolated)"#
            let g = ##"a "# still inside"##
            z
            """###
        let lexed = SwiftLexer.lex(source)
        #expect(lexed.tokens.filter { $0.kind == .identifier }.map(\.text) == ["let", "a", "let", "c", "let", "e", "let", "g", "z"])
        let strings = lexed.tokens.filter { $0.kind == .string }
        #expect(strings.count == 4)
        #expect(strings[3].text == "a \"# still inside")
        #expect(strings[1].line == 2)
        #expect(strings[1].endLine == 5)
        #expect(lexed.tokens.last?.line == 8)
    }

    @Test("a regex literal with quotes inside does not open a string")
    func regex() {
        let tokens = SwiftLexer.lex("let r = #/\"(x)\"/#\nimport A\n").tokens
        #expect(tokens.map(\.kind).contains(.regex))
        #expect(tokens.contains { $0.text == "import" && $0.line == 2 && $0.isFirstOnLine })
    }

    @Test("directives are recognized only as the first token of a line")
    func directives() {
        let tokens = SwiftLexer.lex("#if DEBUG\nlet a = 1 #if\n#endif\n#warning(\"x\")\n").tokens
        #expect(tokens.filter { $0.kind == .directive }.map(\.text) == ["if", "endif"])
        #expect(tokens.filter { $0.kind == .poundKeyword }.map(\.text) == ["if", "warning"])
    }

    @Test("lines of code leave out blank and comment-only lines and count every line of a multi-line string")
    func codeLines() {
        let source = "import A\n\n// note\n/* block\n   comment */\nlet s = \"\"\"\n  one\n  two\n  \"\"\"\nlet x = 1 // trailing\n"
        #expect(SwiftLexer.lex(source).codeLineCount == 6)
    }

    @Test("backticks are removed from identifiers and marked")
    func backticks() {
        let tokens = SwiftLexer.lex("import `Feed`").tokens
        #expect(tokens[1].text == "Feed")
        #expect(tokens[1].isEscaped)
    }
}
