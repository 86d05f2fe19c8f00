/// A command a follow-up adds to `feed --headless`, known even while the follow-up is off.
public struct HeadlessCommandSpec: Hashable, Sendable {
    /// The command's word, e.g. `pill`.
    public let name: String
    /// How it is written in the list of valid commands, e.g. `profile ID`.
    public let usage: String
    /// Whether it takes exactly one argument (a post ID), else none.
    public let takesPost: Bool

    /// Declares a command.
    public init(name: String, usage: String? = nil, takesPost: Bool = false) {
        self.name = name
        self.usage = usage ?? name
        self.takesPost = takesPost
    }
}
