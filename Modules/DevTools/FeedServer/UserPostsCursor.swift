/// A position in one author's posts, newest first: the index of the last post shown. Sent to
/// clients as an opaque base64url string.
struct UserPostsCursor: Equatable, Sendable {
    /// The author the cursor belongs to.
    var userID: String
    /// The next page holds the author's posts with an index below this one.
    var before: Int

    init(userID: String, before: Int) {
        self.userID = userID
        self.before = before
    }

    /// The opaque form: base64url (no padding) of `u:<user>:<before>`.
    var encoded: String {
        Base64URL.encode("u:\(userID):\(before)")
    }

    /// Reads an opaque cursor; nil when it is not one this server made.
    init?(encoded: String) {
        guard let text = Base64URL.decode(encoded) else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "u", !parts[1].isEmpty, parts[1].count <= 32,
              !parts[2].isEmpty, parts[2].count <= 9, parts[2].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let before = Int(parts[2])
        else { return nil }
        userID = String(parts[1])
        self.before = before
    }
}
