/// One canonical text of a JSON value: object members sorted by key, no spaces, so two values
/// that say the same thing compare equal whatever their order or layout.
enum JSONCanonical {
    /// The canonical text of `node`.
    static func text(_ node: JSONNode) -> String {
        switch node.value {
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            return "{" + sorted.map { JSONWriter.quote($0.key) + ":" + text($0.value) }.joined(separator: ",") + "}"
        case .array(let elements):
            return "[" + elements.map(text).joined(separator: ",") + "]"
        default:
            return JSONWriter.write(node.value)
        }
    }
}
