/// A key a follow-up adds to a screen, as the help overlay shows it: "n  take the new posts";
/// with `bar`, the key bar shows it too while it works.
public struct KeyHelpLine: Hashable, Sendable {
    /// The keys, e.g. `Enter  p`.
    public let keys: String
    /// What they do.
    public let action: String
    /// The key bar's short entry, e.g. `Enter profile`; `nil`: the help overlay only. A follow-up
    /// returns it only while the key works (the pill's `n` while the pill shows).
    public let bar: String?
    /// The key acts on the selected post: the bar shows it only while a post is selected.
    public let needsSelection: Bool

    /// Creates a help line; `bar` puts it in the key bar too.
    public init(keys: String, action: String, bar: String? = nil, needsSelection: Bool = false) {
        self.keys = keys
        self.action = action
        self.bar = bar
        self.needsSelection = needsSelection
    }
}
