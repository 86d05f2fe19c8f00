/// The keys of the feed screen, as the help overlay and the key bar show them.
enum FeedKeyHelp {
    /// The key bar's entries; `?` shows the rest.
    static let bar = [("j/k", "move"), ("l", "like"), ("r", "refresh"), ("?", "help"), ("q", "quit")]

    /// Every key and what it does; the profile key only where profiles open (`shared-post-store`),
    /// the pill's only where new posts are polled for (`new-posts-pill`).
    static func all(opensProfiles: Bool, takesNewPosts: Bool = false) -> [(keys: String, action: String)] {
        var all = keys
        if takesNewPosts { all.insert(("n", "take the new posts the pill shows"), at: 8) }
        if opensProfiles { all.insert(("Enter  p", "the author's profile"), at: 7) }
        return all
    }

    private static let keys: [(keys: String, action: String)] = [
        ("j  Down", "next post"),
        ("k  Up", "previous post"),
        ("Space  PgDn", "page down"),
        ("PgUp", "page up"),
        ("g  Home", "first post"),
        ("G  End", "last post"),
        ("l", "like or unlike the selected post"),
        ("r", "go to the top and refresh"),
        ("R", "retry a page that failed"),
        ("?", "this help; any key closes it"),
        ("q  Ctrl-C", "quit"),
    ]

    /// The key bar's text with `separator` between entries, tighter when `columns` are few.
    static func barText(separator: String, columns: Int) -> String {
        let entries = bar.map { "\($0.0) \($0.1)" }
        let roomy = entries.joined(separator: " \(separator) ")
        return roomy.count <= columns ? roomy : entries.joined(separator: separator)
    }
}
