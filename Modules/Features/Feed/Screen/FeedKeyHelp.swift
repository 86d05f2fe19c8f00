import PluginInterface
import TerminalUIInterface

/// The keys of the feed screen, as the help overlay and the key bar show them.
enum FeedKeyHelp {
    /// What the screen shows, which decides what the key bar offers.
    enum Context: Equatable {
        /// The help overlay is open: any key closes it.
        case help
        /// The first page is loading.
        case loading
        /// The first page failed: only retry, help and quit work.
        case failed
        /// The feed is shown; `selection` when a post is selected, `likeable` when its heart is known
        /// (`l` does nothing on a dimmed one), `pageFailed` when `R` retries a page, `reveal` what `v` does to it.
        case feed(selection: Bool, likeable: Bool = true, pageFailed: Bool, reveal: Reveal = .none)
    }

    /// What `v` does to the selected post: nothing (it hides nothing), show what it hides, or hide it again.
    enum Reveal: Equatable {
        case none, show, hide
    }

    /// Every key and what it does: the screen's own, with the keys follow-ups add after the like key.
    static func all(extra: [KeyHelpLine] = []) -> [(keys: String, action: String)] {
        var all = keys
        all.insert(contentsOf: extra.map { ($0.keys, $0.action) }, at: 8)
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
        ("v", "show or hide what a content warning or a sensitive mark hides"),
        ("r", "go to the top and refresh"),
        ("R", "retry a page that failed"),
        ("?", "this help; any key closes it"),
        ("q  Ctrl-C", "quit"),
    ]

    /// The key bar's entries in `context`: only keys that work there, follow-ups' after the like key.
    static func bar(_ context: Context, extra: [KeyHelpLine] = []) -> [String] {
        switch context {
        case .help:
            return ["any key closes help", "q quit"]
        case .loading:
            return ["? help", "q quit"]
        case .failed:
            return ["r retry", "? help", "q quit"]
        case .feed(let selection, let likeable, let pageFailed, let reveal):
            var entries = selection ? ["j/k move"] + (likeable ? ["l like"] : []) : []
            if selection, reveal != .none { entries.append(reveal == .show ? "v show" : "v hide") }
            entries += extra.filter { selection || !$0.needsSelection }.compactMap(\.bar)
            if pageFailed { entries.append("R retry") }
            return entries + ["r refresh", "? help", "q quit"]
        }
    }

    /// The key bar's text with `separator` between entries, tighter when `columns` are few; when
    /// even that does not fit, entries are left out from the end's side (help and quit stay), never cut.
    static func barText(_ context: Context, extra: [KeyHelpLine] = [], separator: String, columns: Int) -> String {
        var entries = bar(context, extra: extra)
        while true {
            let roomy = entries.joined(separator: " \(separator) ")
            if DisplayWidth.of(roomy) <= columns { return roomy }
            let tight = entries.joined(separator: separator)
            if DisplayWidth.of(tight) <= columns || entries.count <= 2 { return tight }
            entries.remove(at: entries.count - 3)
        }
    }
}
