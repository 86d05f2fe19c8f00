/// Parses JSON text into `JSONNode`s with line numbers.
struct JSONNodeParser {
    /// A syntax error, at a line.
    struct SyntaxError: Error, Sendable {
        /// The 1-based line of the error.
        let line: Int
        /// What is wrong.
        let message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    /// Parses `text`; throws `SyntaxError`.
    static func parse(_ text: String) throws(SyntaxError) -> JSONNode {
        var parser = JSONNodeParser(bytes: Array(text.utf8))
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw SyntaxError(line: parser.line, message: "unexpected text after the JSON value")
        }
        return node
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: line += 1; index += 1
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    private func fail(_ message: String) -> SyntaxError {
        SyntaxError(line: line, message: message)
    }

    private mutating func expect(_ byte: UInt8) throws(SyntaxError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else {
            throw fail("expected '\(Character(UnicodeScalar(byte)))'")
        }
        index += 1
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONNode {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of the file") }
        let start = line
        switch bytes[index] {
        case 0x7B:  // {
            index += 1
            var members: [JSONNode.Member] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == 0x7D {
                index += 1
                return JSONNode(value: .object(members), line: start)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == 0x22 else { throw fail("expected a quoted key") }
                let key = try parseString()
                try expect(0x3A)
                members.append(JSONNode.Member(key: key, value: try parseValue()))
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of the file in an object") }
                if bytes[index] == 0x2C { index += 1; continue }
                if bytes[index] == 0x7D { index += 1; break }
                throw fail("expected ',' or '}' in an object")
            }
            return JSONNode(value: .object(members), line: start)
        case 0x5B:  // [
            index += 1
            var elements: [JSONNode] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == 0x5D {
                index += 1
                return JSONNode(value: .array(elements), line: start)
            }
            while true {
                elements.append(try parseValue())
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of the file in an array") }
                if bytes[index] == 0x2C { index += 1; continue }
                if bytes[index] == 0x5D { index += 1; break }
                throw fail("expected ',' or ']' in an array")
            }
            return JSONNode(value: .array(elements), line: start)
        case 0x22:
            return JSONNode(value: .string(try parseString()), line: start)
        case 0x74 where literal("true"):
            return JSONNode(value: .bool(true), line: start)
        case 0x66 where literal("false"):
            return JSONNode(value: .bool(false), line: start)
        case 0x6E where literal("null"):
            return JSONNode(value: .null, line: start)
        default:
            let begin = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard let number = Double(String(decoding: bytes[begin..<index], as: UTF8.self)) else {
                throw fail("expected a JSON value")
            }
            return JSONNode(value: .number(number), line: start)
        }
    }

    private mutating func literal(_ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<(index + utf8.count)]) == utf8 else { return false }
        index += utf8.count
        return true
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        var result: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x22:
                return String(decoding: result, as: UTF8.self)
            case 0x0A:
                throw fail("unterminated string")
            case 0x5C:
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case 0x6E: result.append(0x0A)
                case 0x74: result.append(0x09)
                case 0x72: result.append(0x0D)
                case 0x62: result.append(0x08)
                case 0x66: result.append(0x0C)
                case 0x75:
                    guard index + 4 <= bytes.count,
                          var code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else {
                        throw fail("bad \\u escape")
                    }
                    index += 4
                    if (0xD800..<0xDC00).contains(code), index + 6 <= bytes.count, bytes[index] == 0x5C,
                       let low = UInt32(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    result.append(contentsOf: Array(String(UnicodeScalar(code).map(Character.init) ?? "?").utf8))
                default: result.append(escaped)
                }
            default:
                result.append(byte)
            }
        }
        throw fail("unterminated string")
    }
}
