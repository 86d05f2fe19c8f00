import SafeText

/// Writes `JSONNode.Value`s as JSON text: members in the order given, two-space indent.
enum JSONWriter {
    /// The JSON text of `value`.
    static func write(_ value: JSONNode.Value, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .object(let members):
            if members.isEmpty { return "{}" }
            let body = members.map { "\(inner)\(quote($0.key)): \(write($0.value.value, indent: inner))" }
            return "{\n" + body.joined(separator: ",\n") + "\n\(indent)}"
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            let body = elements.map { inner + write($0.value, indent: inner) }
            return "[\n" + body.joined(separator: ",\n") + "\n\(indent)]"
        case .string(let string):
            return quote(string)
        case .number(let number):
            return number.rounded() == number && abs(number) < 9e15 ? String(Int(number)) : String(number)
        case .bool(let bool):
            return bool ? "true" : "false"
        case .null:
            return "null"
        }
    }

    /// `text` as a JSON string literal (`SafeText.jsonQuoted`, the one home of JSON quoting).
    static func quote(_ text: String) -> String { SafeText.jsonQuoted(text) }

    /// Builds an object value from ordered pairs.
    static func object(_ pairs: [(String, JSONNode.Value)]) -> JSONNode.Value {
        .object(pairs.map { JSONNode.Member(key: $0.0, value: JSONNode(value: $0.1, line: 0)) })
    }

    /// Builds an array value.
    static func array(_ values: [JSONNode.Value]) -> JSONNode.Value {
        .array(values.map { JSONNode(value: $0, line: 0) })
    }

    /// A string value, or null.
    static func string(_ text: String?) -> JSONNode.Value {
        text.map { .string($0) } ?? .null
    }

    /// A number value.
    static func number(_ value: Int) -> JSONNode.Value {
        .number(Double(value))
    }
}
