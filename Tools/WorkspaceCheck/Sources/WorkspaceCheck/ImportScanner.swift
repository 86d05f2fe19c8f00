/// Finds the `import` declarations of a Swift file, following `#if` / `#elseif` / `#else` /
/// `#endif` with three-valued logic.
///
/// Comments and string literals never produce imports (the lexer removed them); an import in a
/// branch that is known to be inactive is reported with `active == .no`; an import in a branch
/// whose condition is unknown is reported with `active == .unknown`.
struct ImportScanner {
    /// The imports and size of one scanned file.
    struct Result: Sendable {
        /// The file's imports, in source order.
        let imports: [ImportDeclaration]
        /// Lines holding code (no blank or comment-only lines).
        let codeLineCount: Int
    }

    private struct ConditionalFrame {
        /// Whether the code around the whole `#if` block is compiled.
        let parent: Truth
        /// Whether some earlier clause of this block was taken.
        var earlierTaken: Truth
        /// Whether the current clause is compiled.
        var current: Truth
        /// The current clause's condition as written, when it is unknown.
        var unknownCondition: String?
    }

    private static let accessModifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private", "open"]
    private static let importKinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor"]

    /// Scans `source`.
    static func scan(_ source: String, conditions: CompilationConditions) -> Result {
        let lexed = SwiftLexer.lex(source)
        let tokens = lexed.tokens
        var imports: [ImportDeclaration] = []
        var frames: [ConditionalFrame] = []
        var braceDepth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .directive {
                let conditionEnd = endOfDirective(tokens, from: index)
                let condition = tokens[(index + 1)..<conditionEnd]
                let value = ConditionEvaluator.evaluate(condition, conditions: conditions)
                let written = ConditionEvaluator.describe(condition)
                switch token.text {
                case "if":
                    let parent = frames.last.map { $0.current } ?? .yes
                    frames.append(ConditionalFrame(
                        parent: parent, earlierTaken: value, current: parent && value,
                        unknownCondition: value == .unknown ? written : nil
                    ))
                case "elseif":
                    if var frame = frames.popLast() {
                        let taken = !frame.earlierTaken && value
                        frame.current = frame.parent && taken
                        frame.unknownCondition = taken == .unknown ? "#elseif \(written)" : nil
                        frame.earlierTaken = frame.earlierTaken || value
                        frames.append(frame)
                    }
                case "else":
                    if var frame = frames.popLast() {
                        let taken = !frame.earlierTaken
                        frame.current = frame.parent && taken
                        frame.unknownCondition = taken == .unknown ? "#else" : nil
                        frame.earlierTaken = .yes
                        frames.append(frame)
                    }
                default:
                    _ = frames.popLast()
                }
                index = conditionEnd
                continue
            }
            let startsStatement = token.isFirstOnLine || (index > 0 && tokens[index - 1].isSymbol(";"))
            if braceDepth == 0, startsStatement, let (found, next) = parseImport(tokens, from: index) {
                let active = frames.last.map { $0.current } ?? .yes
                let unknown = active == .unknown ? frames.compactMap(\.unknownCondition) : []
                imports.append(ImportDeclaration(
                    module: found.module, path: found.path, line: found.line,
                    attributes: found.attributes, accessLevel: found.accessLevel, kind: found.kind,
                    active: active, unknownConditions: unknown.map { $0.hasPrefix("#") ? $0 : "#if \($0)" }
                ))
                index = next
                continue
            }
            if token.isSymbol("{") { braceDepth += 1 }
            if token.isSymbol("}") { braceDepth = max(0, braceDepth - 1) }
            index += 1
        }
        return Result(imports: imports, codeLineCount: lexed.codeLineCount)
    }

    /// The directive's condition runs to the end of its line (longer while parentheses are open).
    private static func endOfDirective(_ tokens: [SourceToken], from index: Int) -> Int {
        let line = tokens[index].line
        var end = index + 1
        var depth = 0
        while end < tokens.count {
            let token = tokens[end]
            if token.kind == .directive { break }
            if token.line != line && depth == 0 { break }
            if token.isSymbol("(") { depth += 1 }
            if token.isSymbol(")") { depth -= 1 }
            end += 1
        }
        return end
    }

    private struct ParsedImport {
        var module = ""
        var path = ""
        var line = 0
        var attributes: [String] = []
        var accessLevel: String?
        var kind: String?
    }

    /// Reads `@attr… modifier… import [kind] A.B.C` starting at `start`.
    private static func parseImport(_ tokens: [SourceToken], from start: Int) -> (ParsedImport, Int)? {
        var parsed = ParsedImport()
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .attribute {
                parsed.attributes.append(token.text)
                index += 1
                if index < tokens.count, tokens[index].isSymbol("("), tokens[index].line == token.line {
                    var depth = 0
                    while index < tokens.count {
                        if tokens[index].isSymbol("(") { depth += 1 }
                        if tokens[index].isSymbol(")") { depth -= 1 }
                        index += 1
                        if depth == 0 { break }
                    }
                }
            } else if token.kind == .identifier, !token.isEscaped, accessModifiers.contains(token.text) {
                parsed.accessLevel = token.text
                index += 1
            } else {
                break
            }
        }
        guard index < tokens.count, tokens[index].isWord("import") else { return nil }
        parsed.line = tokens[index].line
        index += 1
        if index + 1 < tokens.count, tokens[index].kind == .identifier, !tokens[index].isEscaped,
           importKinds.contains(tokens[index].text), tokens[index + 1].kind == .identifier {
            parsed.kind = tokens[index].text
            index += 1
        }
        guard index < tokens.count, tokens[index].kind == .identifier else { return nil }
        var components = [tokens[index].text]
        index += 1
        while index + 1 < tokens.count, tokens[index].isSymbol("."),
              tokens[index + 1].kind == .identifier || tokens[index + 1].kind == .operator {
            components.append(tokens[index + 1].text)
            index += 2
        }
        parsed.module = components[0]
        parsed.path = components.joined(separator: ".")
        return (parsed, index)
    }
}
