import Foundation
import HTTPServer

/// Strong entity tags from a body's bytes, and conditional answers to `If-None-Match`.
enum EntityTag {
    /// A quoted tag from the FNV-1a 64-bit hash of `bytes`, e.g. `"a1b2…"`.
    static func of(_ bytes: Data) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// Whether an `If-None-Match` value names `tag` (or is `*`); weak tags compare weakly.
    static func matches(_ ifNoneMatch: String?, _ tag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            var value = candidate.trimmingCharacters(in: .whitespaces)
            if value == "*" { return true }
            if value.hasPrefix("W/") { value.removeFirst(2) }
            return value == tag
        }
    }

    /// 200 with `body` and its `ETag`, or 304 without a body when the request already has it.
    static func conditional(body: Data, request: HTTPServerRequest, headers: [(name: String, value: String)]) -> HTTPServerResponse {
        let tag = of(body)
        if matches(request.headers["if-none-match"], tag) {
            let kept = headers.filter { $0.name.lowercased() != "content-type" }
            return HTTPServerResponse(status: 304, headers: [("ETag", tag)] + kept)
        }
        return HTTPServerResponse(status: 200, headers: headers + [("ETag", tag)], body: body)
    }
}
