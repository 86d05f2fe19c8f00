/// A JSON value that remembers the line it starts on, so configuration errors and allow entries
/// can be reported as `file:line`.
struct JSONNode: Sendable {
    /// One member of an object, in written order.
    struct Member: Sendable {
        /// The member's key.
        let key: String
        /// The member's value.
        let value: JSONNode
    }

    /// The value itself.
    indirect enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// The value.
    let value: Value
    /// The 1-based line the value starts on.
    let line: Int

    /// The member named `key`, when this is an object that has one.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members, when this is an object.
    var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements, when this is an array.
    var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The string, when this is a string.
    var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    /// The number as an integer, when this is a whole number.
    var integer: Int? {
        if case .number(let number) = value, number.rounded() == number, abs(number) < 9e15 { return Int(number) }
        return nil
    }

    /// The boolean, when this is one.
    var bool: Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    /// A short name of the value's type, for error messages.
    var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
