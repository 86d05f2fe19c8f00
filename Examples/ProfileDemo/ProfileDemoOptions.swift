import Arguments

/// What `profile-demo` was asked for.
struct ProfileDemoOptions: Equatable {
    /// The author whose grid opens.
    var author = "Ana"
    /// How many posts the author has.
    var posts = 60
    /// How long the fakes take to answer a page or a like.
    var latency = Duration.milliseconds(300)
    var ascii = false

    static let usage = """
        usage: profile-demo [--author NAME] [--posts N] [--latency MS] [--ascii]

        The profile feature on its own (Profile and its interfaces): an author's photo grid over
        generated posts in memory (test support's fakes), with a post store and a like use case that
        are fakes too, answering every like after --latency.

          --author NAME   the author's name; default Ana
          --posts N       how many posts the author has, 0 to 10000; default 60
          --latency MS    how long the fakes take to answer a page or a like; default 300
          --ascii         ASCII hearts and frames
          -h, --help      this text

        Keys: h/j/k/l or arrows move · Space like · R retry · ? help · q or Esc quit; Ctrl-Z suspends.
        When stdout is not a terminal, prints one plain 80×24 frame (COLUMNS wide) and exits 0.
        """

    /// The options in `arguments`, or `nil` when help was asked for.
    static func parse(_ arguments: [String]) throws(ArgumentError) -> ProfileDemoOptions? {
        var options = ProfileDemoOptions()
        var scanner = ArgumentScanner(arguments, program: "profile-demo")
        while let token = scanner.next() {
            switch token {
            case .help:
                return nil
            case .positional(let argument):
                throw scanner.unexpected(argument)
            case .option("--author"):
                let name = try scanner.value(expected: "a name")
                guard !name.isEmpty else { throw scanner.invalid(name, expected: "a name") }
                options.author = name
            case .option("--posts"):
                options.posts = try scanner.integer(in: 0...10_000, expected: "a number from 0 to 10000")
            case .option("--latency"):
                options.latency = .milliseconds(try scanner.integer(in: 0...60_000, expected: "milliseconds from 0 to 60000"))
            case .option("--ascii"):
                try scanner.noValue()
                options.ascii = true
            case .option:
                throw scanner.unknownOption()
            }
        }
        return options
    }
}
