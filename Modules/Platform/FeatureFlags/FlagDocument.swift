import Networking

/// The JSON shape shared by `GET /v1/flags` and the config file: `{"flags":{"offline-pages":true}}`.
struct FlagDocument: Decodable, Sendable {
    /// One value in the `flags` object: a Boolean, or anything else (reported, then ignored).
    enum Value: Decodable, Sendable {
        case bool(Bool)
        case invalid

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = (try? container.decode(Bool.self)).map(Value.bool) ?? .invalid
        }
    }

    /// The values by key, as written.
    let flags: [String: Value]

    /// The shape, for messages.
    static let example = #"{"flags":{"offline-pages":true}}"#

    /// The entries sorted by key, with a diagnostic for each value that is not `true` or `false`.
    func entries(origin: String, diagnostics: inout [String]) -> [(String, Bool)] {
        flags.sorted { $0.key < $1.key }.compactMap { key, value in
            switch value {
            case .bool(let isOn):
                return (key, isOn)
            case .invalid:
                diagnostics.append("\(origin): the value of '\(key)' is not true or false; ignored")
                return nil
            }
        }
    }
}
