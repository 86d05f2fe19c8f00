import Foundation

/// Parses and evaluates the condition of a `#if` or `#elseif`: `!`, `&&`, `||`, parentheses,
/// flags and platform conditions such as `os(Linux)` or `canImport(Foundation)`.
struct ConditionEvaluator {
    private var parts: [String] = []
    private var position = 0
    private let conditions: CompilationConditions

    /// Evaluates the condition made of `tokens` (the rest of the directive's line).
    static func evaluate(_ tokens: ArraySlice<SourceToken>, conditions: CompilationConditions) -> Truth {
        var evaluator = ConditionEvaluator(tokens: tokens, conditions: conditions)
        let value = evaluator.parseOr()
        return evaluator.position == evaluator.parts.count ? value : .unknown
    }

    /// The condition as written, normalized (for messages).
    static func describe(_ tokens: ArraySlice<SourceToken>) -> String {
        tokens.map(\.text).joined(separator: " ")
            .replacingOccurrences(of: " ( ", with: "(")
            .replacingOccurrences(of: " )", with: ")")
            .replacingOccurrences(of: "! ", with: "!")
    }

    private init(tokens: ArraySlice<SourceToken>, conditions: CompilationConditions) {
        self.conditions = conditions
        for token in tokens {
            if token.kind == .operator {
                var rest = Substring(token.text)
                while !rest.isEmpty {
                    if let symbol = ["&&", "||", "!"].first(where: { rest.hasPrefix($0) }) {
                        parts.append(symbol)
                        rest = rest.dropFirst(symbol.count)
                    } else {
                        parts.append(String(rest))
                        rest = ""
                    }
                }
            } else {
                parts.append(token.text)
            }
        }
    }

    private var current: String? {
        position < parts.count ? parts[position] : nil
    }

    private mutating func parseOr() -> Truth {
        var value = parseAnd()
        while current == "||" {
            position += 1
            value = value || parseAnd()
        }
        return value
    }

    private mutating func parseAnd() -> Truth {
        var value = parseUnary()
        while current == "&&" {
            position += 1
            value = value && parseUnary()
        }
        return value
    }

    private mutating func parseUnary() -> Truth {
        if current == "!" {
            position += 1
            return !parseUnary()
        }
        return parsePrimary()
    }

    private mutating func parsePrimary() -> Truth {
        guard let part = current else { return .unknown }
        position += 1
        if part == "(" {
            let value = parseOr()
            if current == ")" { position += 1 }
            return value
        }
        if current == "(" {
            position += 1
            var argument = ""
            var depth = 1
            while let next = current {
                position += 1
                if next == "(" { depth += 1 }
                if next == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                argument += next
            }
            return conditions.function(part, argument: argument)
        }
        return conditions.flag(part)
    }
}
