import Foundation
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

    /// Decodes `data`, refusing more than `limit` bytes; the error says what was wrong, in the
    /// words of `HTTPError` (`unexpected reply … at $.flags: missing key`).
    static func decode(_ data: Data, limit: Int) async -> Result<FlagDocument, HTTPError> {
        guard data.count <= limit else {
            return .failure(.decoding(path: "$", reason: "the reply is \(data.count) bytes, over the \(limit)-byte limit"))
        }
        do throws(HTTPError) {
            return .success(try await JSONBody.decode(FlagDocument.self, from: data))
        } catch {
            return .failure(error)
        }
    }

    /// The Boolean entries sorted by key; values that are not `true` or `false` are left out and
    /// reported in one line (the first few keys, then how many more).
    func entries(origin: String, diagnostics: inout [String]) -> [(String, Bool)] {
        var invalid: [String] = []
        let entries = flags.sorted { $0.key < $1.key }.compactMap { key, value -> (String, Bool)? in
            switch value {
            case .bool(let isOn):
                return (key, isOn)
            case .invalid:
                invalid.append(key)
                return nil
            }
        }
        if invalid.count == 1 {
            diagnostics.append("\(origin): the value of \(FlagMessages.quoted(invalid[0])) is not true or false; ignored")
        } else if !invalid.isEmpty {
            diagnostics.append(
                "\(origin): \(invalid.count) values are not true or false (\(FlagMessages.list(invalid))); ignored")
        }
        return entries
    }
}
