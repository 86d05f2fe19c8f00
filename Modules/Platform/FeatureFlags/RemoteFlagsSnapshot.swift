import Foundation

/// The last good answer of `GET /v1/flags`: the values of declared flags, the server's `ETag`,
/// and when it was fetched (or last confirmed with a 304).
struct RemoteFlagsSnapshot: Sendable, Equatable {
    /// The longest `ETag` kept; a longer one is dropped (the next fetch is then unconditional).
    static let longestETag = 256

    /// The server's values of declared flags (switching on a flag that is not built is left out).
    var values: [FlagKey: Bool]
    /// The validator to send back in `If-None-Match`, already checked by `validETag`.
    var etag: String?
    /// When the server last gave or confirmed these values.
    var fetchedAt: Date
    /// `FlagRegistry.fingerprint` of the build that filtered `values`.
    var registryFingerprint: String

    /// Creates a snapshot; an `etag` that could not be sent back safely is dropped.
    init(values: [FlagKey: Bool], etag: String?, fetchedAt: Date, registryFingerprint: String) {
        self.values = values
        self.etag = Self.validETag(etag)
        self.fetchedAt = fetchedAt
        self.registryFingerprint = registryFingerprint
    }

    /// `text` when it is a header value that can be sent back as it is: visible ASCII and spaces
    /// only (no CR or LF to split a header), at most `longestETag` characters, not blank.
    static func validETag(_ text: String?) -> String? {
        guard let text, !text.isEmpty, text.utf8.count <= longestETag else { return nil }
        guard text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }), text.contains(where: { $0 != " " }) else { return nil }
        return text
    }
}
