/// A small Swift lexer: enough of the language to find imports and `#if` directives reliably.
///
/// It skips `//` and nested `/* */` comments, reads string literals of every form (`"…"`,
/// `"""…"""`, raw `#"…"#` with any number of `#`, interpolations nested to any depth) as one
/// token each, and reads `#/…/#` regex literals as one token. Bare `/…/` regex literals are
/// lexed as operators, which only matters if one contains a quote.
struct SwiftLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var tokens: [SourceToken] = []
    private var lastTokenEndLine = 0
    private var codeLines: Set<Int> = []

    /// The result of lexing one file.
    struct Output: Sendable {
        /// The tokens, comments removed.
        let tokens: [SourceToken]
        /// How many lines hold at least one token (lines of code: no blank or comment-only lines).
        let codeLineCount: Int
    }

    /// Lexes `source`.
    static func lex(_ source: String) -> Output {
        var lexer = SwiftLexer(bytes: Array(source.utf8))
        lexer.lexCode(stopAtUnbalancedParen: false, emit: true)
        return Output(tokens: lexer.tokens, codeLineCount: lexer.codeLines.count)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Characters

    private func peek(_ offset: Int = 0) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? bytes[position] : nil
    }

    private static func isIdentifierHead(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    private static func isIdentifierBody(_ byte: UInt8) -> Bool {
        isIdentifierHead(byte) || isDigit(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    private static let operatorBytes: Set<UInt8> = Set("/=-+!*%<>&|^~?".utf8)
    private static let punctuationBytes: Set<UInt8> = Set("()[]{},;:".utf8)

    private mutating func advance() {
        if bytes[index] == 0x0A { line += 1 }
        index += 1
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    // MARK: - Tokens

    private mutating func emit(_ kind: SourceToken.Kind, _ text: String, startLine: Int, escaped: Bool = false, emit: Bool) {
        for covered in startLine...line { codeLines.insert(covered) }
        guard emit else { return }
        tokens.append(SourceToken(
            kind: kind, text: text, line: startLine, endLine: line,
            isFirstOnLine: startLine > lastTokenEndLine, isEscaped: escaped
        ))
        lastTokenEndLine = line
    }

    /// Lexes code until the end of input, or (inside an interpolation) until the `)` that closes it.
    private mutating func lexCode(stopAtUnbalancedParen: Bool, emit shouldEmit: Bool) {
        var parenDepth = 0
        while let byte = peek() {
            let startLine = line
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                advance()
            case 0x2F where peek(1) == 0x2F:  // "//"
                while let next = peek(), next != 0x0A { advance() }
            case 0x2F where peek(1) == 0x2A:  // "/*"
                skipBlockComment()
            case 0x22:  // '"'
                let value = lexString(hashes: 0)
                emit(.string, value ?? "", startLine: startLine, emit: shouldEmit)
            case 0x23:  // '#'
                lexPound(emit: shouldEmit)
            case 0x40:  // '@'
                advance()
                let start = index
                while let next = peek(), Self.isIdentifierBody(next) { advance() }
                emit(.attribute, text(start..<index), startLine: startLine, emit: shouldEmit)
            case 0x60:  // '`'
                advance()
                let start = index
                while let next = peek(), next != 0x60, next != 0x0A { advance() }
                let name = text(start..<index)
                if peek() == 0x60 { advance() }
                emit(.identifier, name, startLine: startLine, escaped: true, emit: shouldEmit)
            case 0x24 where peek(1).map(Self.isIdentifierBody) ?? false:  // "$0", "$name"
                let start = index
                advance()
                while let next = peek(), Self.isIdentifierBody(next) { advance() }
                emit(.identifier, text(start..<index), startLine: startLine, emit: shouldEmit)
            case _ where Self.isIdentifierHead(byte):
                let start = index
                while let next = peek(), Self.isIdentifierBody(next) { advance() }
                emit(.identifier, text(start..<index), startLine: startLine, emit: shouldEmit)
            case _ where Self.isDigit(byte):
                let start = index
                while let next = peek(),
                      Self.isIdentifierBody(next) || (next == 0x2E && peek(1).map(Self.isDigit) == true) {
                    advance()
                }
                emit(.number, text(start..<index), startLine: startLine, emit: shouldEmit)
            case 0x2E:  // '.'
                let start = index
                advance()
                if peek() == 0x2E {
                    while let next = peek(), next == 0x2E || Self.operatorBytes.contains(next) { advance() }
                    emit(.operator, text(start..<index), startLine: startLine, emit: shouldEmit)
                } else {
                    emit(.punctuation, ".", startLine: startLine, emit: shouldEmit)
                }
            case _ where Self.punctuationBytes.contains(byte):
                if byte == 0x28 { parenDepth += 1 }
                if byte == 0x29 {
                    if stopAtUnbalancedParen && parenDepth == 0 { return }
                    parenDepth -= 1
                }
                advance()
                emit(.punctuation, String(UnicodeScalar(byte)), startLine: startLine, emit: shouldEmit)
            case _ where Self.operatorBytes.contains(byte):
                let start = index
                advance()
                while let next = peek(), Self.operatorBytes.contains(next) {
                    // A comment may follow an operator without a space: `a+//…`.
                    if next == 0x2F, peek(1) == 0x2F || peek(1) == 0x2A { break }
                    advance()
                }
                emit(.operator, text(start..<index), startLine: startLine, emit: shouldEmit)
            default:
                advance()
            }
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while let byte = peek() {
            if byte == 0x2F, peek(1) == 0x2A {
                depth += 1
                advance(); advance()
            } else if byte == 0x2A, peek(1) == 0x2F {
                depth -= 1
                advance(); advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }

    /// `#` starts a raw string, a regex literal, a directive or a pound keyword.
    private mutating func lexPound(emit shouldEmit: Bool) {
        let startLine = line
        var hashes = 0
        while peek(hashes) == 0x23 { hashes += 1 }
        if peek(hashes) == 0x22 {
            for _ in 0..<hashes { advance() }
            let value = lexString(hashes: hashes)
            emit(.string, value ?? "", startLine: startLine, emit: shouldEmit)
            return
        }
        if peek(hashes) == 0x2F {
            for _ in 0...hashes { advance() }
            skipRegex(hashes: hashes)
            emit(.regex, "", startLine: startLine, emit: shouldEmit)
            return
        }
        advance()
        let start = index
        while let next = peek(), Self.isIdentifierBody(next) { advance() }
        let name = text(start..<index)
        let directives: Set<String> = ["if", "elseif", "else", "endif"]
        if directives.contains(name), startLine > lastTokenEndLine {
            emit(.directive, name, startLine: startLine, emit: shouldEmit)
        } else {
            emit(.poundKeyword, name, startLine: startLine, emit: shouldEmit)
        }
    }

    private mutating func skipRegex(hashes: Int) {
        while let byte = peek() {
            if byte == 0x5C {  // backslash
                advance()
                if peek() != nil { advance() }
                continue
            }
            if byte == 0x2F, (0..<hashes).allSatisfy({ peek(1 + $0) == 0x23 }) {
                for _ in 0...hashes { advance() }
                return
            }
            if byte == 0x0A, hashes == 0 { return }
            advance()
        }
    }

    /// Reads a string literal whose opening `#`s are consumed; `index` is at the first `"`.
    /// Returns the literal's text when it has no interpolation, `nil` otherwise.
    private mutating func lexString(hashes: Int) -> String? {
        let multiline = peek(1) == 0x22 && peek(2) == 0x22
        for _ in 0..<(multiline ? 3 : 1) { advance() }
        var value: [UInt8] = []
        var interpolated = false
        while let byte = peek() {
            if byte == 0x5C, (0..<hashes).allSatisfy({ peek(1 + $0) == 0x23 }) {  // escape
                for _ in 0...hashes { advance() }
                guard let escaped = peek() else { break }
                if escaped == 0x28 {  // "\(" interpolation
                    advance()
                    interpolated = true
                    lexCode(stopAtUnbalancedParen: true, emit: false)
                    if peek() == 0x29 { advance() }
                } else {
                    value.append(escaped)
                    advance()
                }
                continue
            }
            if byte == 0x22 {
                let quotes = multiline ? 3 : 1
                let closes = (0..<quotes).allSatisfy { peek($0) == 0x22 }
                    && (0..<hashes).allSatisfy { peek(quotes + $0) == 0x23 }
                if closes {
                    for _ in 0..<(quotes + hashes) { advance() }
                    return interpolated ? nil : String(decoding: value, as: UTF8.self)
                }
            }
            if byte == 0x0A, !multiline { break }  // unterminated: stop at the end of the line
            value.append(byte)
            advance()
        }
        return interpolated ? nil : String(decoding: value, as: UTF8.self)
    }
}
