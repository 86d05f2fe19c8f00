/// One broken invariant, with what was seen.
struct Finding: Equatable, Sendable, CustomStringConvertible {
    var invariant: Invariant
    var detail: String
    /// The posts the finding is about, whose history the report shows.
    var posts: [String]

    init(_ invariant: Invariant, _ detail: String, posts: [String] = []) {
        self.invariant = invariant
        self.detail = detail
        self.posts = posts
    }

    var description: String { "\(invariant): \(detail)" }
}
