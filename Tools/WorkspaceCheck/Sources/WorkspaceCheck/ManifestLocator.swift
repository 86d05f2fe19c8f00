/// Finds where targets and their dependencies are written in `Package.swift`, by a light scan of
/// the manifest's tokens (`dump-package` has no line numbers).
struct ManifestLocator: Sendable {
    private var targetLines: [String: Int] = [:]
    private var dependencyLines: [String: [String: Int]] = [:]

    private static let targetFactories: Set<String> = [
        "target", "executableTarget", "testTarget", "systemLibrary", "binaryTarget", "plugin", "macro",
    ]

    /// Scans the manifest's text.
    init(manifest text: String) {
        let tokens = SwiftLexer.lex(text).tokens
        var index = 0
        while index + 1 < tokens.count {
            defer { index += 1 }
            guard index > 0, tokens[index - 1].isSymbol("."), tokens[index].kind == .identifier,
                  Self.targetFactories.contains(tokens[index].text), tokens[index + 1].isSymbol("(") else { continue }
            let close = Self.matchingClose(tokens, open: index + 1)
            var name: String?
            var nameLine = tokens[index].line
            var dependencies: [String: Int] = [:]
            var inner = index + 2
            var depth = 0
            while inner < close {
                let token = tokens[inner]
                if token.isSymbol("(") || token.isSymbol("[") { depth += 1 }
                if token.isSymbol(")") || token.isSymbol("]") { depth -= 1 }
                if depth == 0, inner + 2 < close, token.kind == .identifier, tokens[inner + 1].isSymbol(":") {
                    if token.text == "name", name == nil, tokens[inner + 2].kind == .string {
                        name = tokens[inner + 2].text
                        nameLine = tokens[inner + 2].line
                    } else if token.text == "dependencies", tokens[inner + 2].isSymbol("[") {
                        let end = Self.matchingClose(tokens, open: inner + 2)
                        for element in tokens[(inner + 3)..<end] where element.kind == .string {
                            if dependencies[element.text] == nil { dependencies[element.text] = element.line }
                        }
                        inner = end
                        continue
                    }
                }
                inner += 1
            }
            if let name, targetLines[name] == nil {
                targetLines[name] = nameLine
                dependencyLines[name] = dependencies
            }
        }
    }

    /// The line of `target`'s `name:` argument, if found.
    func line(ofTarget target: String) -> Int? {
        targetLines[target]
    }

    /// The line of `dependency` in `target`'s `dependencies:` list, else the target's line.
    func line(ofDependency dependency: String, inTarget target: String) -> Int? {
        dependencyLines[target]?[dependency] ?? targetLines[target]
    }

    /// The index of the bracket that closes the one at `open` (or the end of the tokens).
    private static func matchingClose(_ tokens: [SourceToken], open: Int) -> Int {
        var depth = 0
        var index = open
        while index < tokens.count {
            let token = tokens[index]
            if token.isSymbol("(") || token.isSymbol("[") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return tokens.count
    }
}
