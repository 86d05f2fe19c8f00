import PluginInterface

/// The keys of the feed screen, as the help overlay and the key bar show them.
enum FeedKeyHelp {
    /// The key bar's entries; `?` shows the rest.
    static let bar = [("j/k", "move"), ("l", "like"), ("r", "refresh"), ("?", "help"), ("q", "quit")]

    /// Every key and what it does: the screen's own, with the keys follow-ups add after the like key.
    static func all(extra: [KeyHelpLine] = []) -> [(keys: String, action: String)] {
        var all = keys
        all.insert(contentsOf: extra.map { ($0.keys, $0.action) }, at: 7)
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
