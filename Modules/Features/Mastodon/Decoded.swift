/// One element of a list that decodes on its own: a malformed element is nil, not a failed list.
struct Decoded<Value: Decodable & Sendable>: Decodable, Sendable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
