import Foundation
import Networking

/// One exchange recorded from a real Mastodon server (see `Recorded/README.md`).
struct RecordedExchange {
    let uri: String
    let status: Int
    let headers: [String: String]
    /// The body as sent.
    let body: Data

    /// The exchange in `Recorded/<name>.json`.
    init(_ name: String, filePath: String = #filePath) throws {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Recorded/\(name).json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        uri = object["uri"] as? String ?? ""
        status = object["status"] as? Int ?? 0
        headers = object["headers"] as? [String: String] ?? [:]
        if let text = object["text"] as? String {
            body = Data(text.utf8)
        } else {
            body = try JSONSerialization.data(withJSONObject: object["body"] ?? NSNull(), options: [.fragmentsAllowed])
        }
    }

    /// The exchange as the HTTP client returns it.
    var response: HTTPResponse { HTTPResponse(status: status, headers: headers, body: body) }
}
