import Foundation
import HTTPServer

/// The flag routes: the public read with an ETag, and the demo's control write.
extension FeedRouter {
    /// The most flags the server serves; a control write that would pass it is refused.
    static let maxFlags = 100

    /// `GET /v1/flags`: the flags with an `ETag`; 304 when `If-None-Match` names it.
    func flags(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let body = FeedServerDTO.encode(FeedServerDTO.Flags(flags: faults.flags))
        return EntityTag.conditional(body: body, request: request, headers: [
            ("Content-Type", "application/json"), ("Cache-Control", "no-cache"),
        ])
    }

    /// `PUT /v1/control/flags` (only with `--control`): merges `{"flags":{"key":bool}}` into the
    /// served flags and answers the result.
    func controlFlags(_ request: HTTPServerRequest) -> HTTPServerResponse {
        guard let change = try? JSONDecoder().decode(FeedServerDTO.Flags.self, from: request.body) else {
            return Self.error(400, #"the body must be JSON {"flags": {"key": true}}"#)
        }
        if let bad = change.flags.keys.first(where: { !FeedServerOptions.isFlagKey($0) }) {
            return Self.error(400, "\"\(bad.prefix(80))\" is not a flag key: use 1 to 64 letters, digits, '-', '_' or '.'")
        }
        let merged = state.withLock { state -> [String: Bool]? in
            let merged = state.faults.flags.merging(change.flags) { _, new in new }
            guard merged.count <= Self.maxFlags else { return nil }
            state.faults.flags = merged
            return merged
        }
        guard let merged else { return Self.error(400, "at most \(Self.maxFlags) flags can be served") }
        return Self.json(200, FeedServerDTO.Flags(flags: merged))
    }
}
