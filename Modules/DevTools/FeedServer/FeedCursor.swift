/// A position in one session's ranked order, sent to clients as an opaque base64url string.
struct FeedCursor: Equatable, Sendable {
    /// The session whose ranked order the cursor points into.
    var session: Int
    /// The index in that order of the next post to show.
    var offset: Int

    /// The opaque form: base64url (no padding) of `session:offset`, safe in a query string.
    var encoded: String {
        Base64URL.encode("\(session):\(offset)")
    }

    /// Reads an opaque cursor; nil when it is not one this server made.
    init?(encoded: String) {
        guard let text = Base64URL.decode(encoded) else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 18 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let session = Int(parts[0]), let offset = Int(parts[1]), session > 0
        else { return nil }
        self.session = session
        self.offset = offset
    }

    init(session: Int, offset: Int) {
        self.session = session
        self.offset = offset
    }
}
