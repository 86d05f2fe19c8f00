/// One option of a command, as its help, its shell completions and its man page show it.
public struct OptionSpec: Sendable, Equatable {
    /// What a completion offers for the option's value.
    public enum Completion: Sendable, Equatable {
        /// Nothing to offer (a URL, a number, a name).
        case none
        /// One of these words.
        case choices([String])
        /// A path to a file.
        case file
        /// A path to a directory.
        case directory
    }

    /// The long name with its dashes, e.g. `--server`.
    public var name: String
    /// A short alias, e.g. `-V`, if any.
    public var short: String?
    /// The value's placeholder, e.g. `URL`; `nil` for a switch.
    public var value: String?
    /// What the option does, in sentences (wrapped to the width of the help).
    public var summary: String
    /// What a shell completes after the option.
    public var completion: Completion

    /// An option; `value` nil makes it a switch.
    public init(_ name: String, short: String? = nil, value: String? = nil, _ summary: String, completion: Completion = .none) {
        self.name = name
        self.short = short
        self.value = value
        self.summary = summary
        self.completion = completion
    }

    /// How the help names it: `-V, --version`, `--server URL`.
    public var label: String {
        let names = short.map { "\($0), \(name)" } ?? name
        return value.map { "\(names) \($0)" } ?? names
    }
}
