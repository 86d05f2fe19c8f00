/// A command-line option a follow-up adds to `feed`: an integer in a range, e.g. `--poll-interval MS`.
public struct PluginOption: Hashable, Sendable {
    /// The option, with its dashes: `--poll-interval`.
    public let name: String
    /// What the value is, for errors and `--help`: "milliseconds from 1000 to 86400000".
    public let expected: String
    /// The values accepted.
    public let range: ClosedRange<Int>
    /// The value when the option is not given.
    public let defaultValue: Int
    /// One line for `--help`.
    public let help: String

    /// Declares an option.
    public init(name: String, expected: String, range: ClosedRange<Int>, defaultValue: Int, help: String) {
        self.name = name
        self.expected = expected
        self.range = range
        self.defaultValue = defaultValue
        self.help = help
    }
}
