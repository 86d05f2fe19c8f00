/// A command a follow-up adds to `feed --headless`, known even while the follow-up is off.
public struct HeadlessCommandSpec: Hashable, Sendable {
    /// The command's word, e.g. `pill`.
    public let name: String
    /// How it is written in the list of valid commands, e.g. `profile ID`.
    public let usage: String
    /// How many words may follow it (none: `0...0`; a post ID: `1...1`; a name of up to three words: `1...3`).
    public let words: ClosedRange<Int>
    /// Whether its one word is a post ID.
    public let takesPost: Bool

    /// Declares a command that takes one post ID (`takesPost`) or nothing.
    public init(name: String, usage: String? = nil, takesPost: Bool = false) {
        self.init(name: name, usage: usage, words: takesPost ? 1...1 : 0...0, takesPost: takesPost)
    }

    /// Declares a command followed by a number of words in `words` (handed over joined by single spaces).
    public init(name: String, usage: String? = nil, words: ClosedRange<Int>) {
        self.init(name: name, usage: usage, words: words, takesPost: false)
    }

    private init(name: String, usage: String?, words: ClosedRange<Int>, takesPost: Bool) {
        self.name = name
        self.usage = usage ?? name
        self.words = max(0, words.lowerBound)...max(0, words.upperBound)
        self.takesPost = takesPost
    }
}
