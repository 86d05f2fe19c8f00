import Foundation

/// Decodes JSON bodies off the caller's actor, reporting the JSON path of any problem.
public enum JSONBody {
    /// Decodes `data` as `T` on the concurrent executor.
    @concurrent
    public static func decode<T: Decodable & Sendable>(_ type: T.Type, from data: Data) async throws(HTTPError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw .decoding(path: "$", reason: String(describing: error))
        }
    }

    /// The `decoding` error for a `DecodingError`, with its path as `$.items[3].image.width`.
    public static func describe(_ error: DecodingError) -> HTTPError {
        switch error {
        case .typeMismatch(let type, let context):
            .decoding(path: path(context.codingPath), reason: "expected \(type)")
        case .valueNotFound(let type, let context):
            .decoding(path: path(context.codingPath), reason: "expected \(type), found null")
        case .keyNotFound(let key, let context):
            .decoding(path: path(context.codingPath + [key]), reason: "missing key")
        case .dataCorrupted(let context):
            .decoding(path: path(context.codingPath), reason: context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription)
        @unknown default:
            .decoding(path: "$", reason: String(describing: error))
        }
    }

    /// `[items, 3, image]` as `$.items[3].image`.
    public static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("$") { result, key in
            if let index = key.intValue { return "\(result)[\(index)]" }
            return "\(result).\(key.stringValue)"
        }
    }
}
