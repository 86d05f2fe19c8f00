/// A command as its users see it: what it does, how it is called, its options and subcommands,
/// and free sections (flags, headless commands). One value feeds the help, the completions and
/// the man page, so they never disagree with each other.
public struct CommandSpec: Sendable {
    /// A titled block of text after the options, e.g. the feature flags.
    public struct Section: Sendable, Equatable {
        /// The heading, e.g. `Flags`.
        public var title: String
        /// Lines shown as they are (already laid out).
        public var lines: [String]

        /// A section titled `title`.
        public init(_ title: String, lines: [String]) {
            self.title = title
            self.lines = lines
        }
    }

    /// The command's word, e.g. `feed` or `stats`.
    public var name: String
    /// What it does, in one line.
    public var summary: String
    /// The synopsis after the program's name, e.g. `[--server URL] [--json]`.
    public var usage: String
    /// Its options, in the order the help lists them.
    public var options: [OptionSpec]
    /// Its subcommands (each with its own options).
    public var subcommands: [CommandSpec]
    /// Sections after the options.
    public var sections: [Section]

    /// A command named `name`.
    public init(
        _ name: String, summary: String, usage: String = "[options]", options: [OptionSpec] = [], subcommands: [CommandSpec] = [],
        sections: [Section] = []
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.options = options
        self.subcommands = subcommands
        self.sections = sections
    }

    /// The subcommand named `name`, if any.
    public func subcommand(_ name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// Whether `option` (a long name or a short alias) is one of this command's.
    public func accepts(_ option: String) -> Bool {
        options.contains { $0.name == option || $0.short == option }
    }
}
