import Arguments

/// What `likes-demo` was asked for.
struct LikesDemoOptions: Equatable {
    /// How long the likes server in memory takes to answer each write, in milliseconds.
    var latency = 300
    /// Whether the offline queue's file is left in place for `sqlite3`.
    var keep = false

    static let usage = """
        usage: likes-demo [--latency MS] [--keep]

        The likes feature on its own (Likes, OfflineQueue and their interface), over a likes server in
        memory (test support's FakeLikesRepository) and a post store of test support that shows each
        heart at once: a like saved, a like refused and rolled back, the latest of quick taps winning,
        a lost answer read back, then likes made offline kept in the offline queue's SQLite file (in a
        temporary directory), still there when the file is opened again, and sent when the network is
        back. Prints each step and exits: 0 when every step came out as expected, else 1.

          --latency MS    how long the server takes to answer each write, 0 to 10000; default 300
          --keep          leave the offline queue's file in place (its path is printed)
          -h, --help      this text
        """

    /// The options in `arguments`, or `nil` when help was asked for.
    static func parse(_ arguments: [String]) throws(ArgumentError) -> LikesDemoOptions? {
        var options = LikesDemoOptions()
        var scanner = ArgumentScanner(arguments, program: "likes-demo")
        while let token = scanner.next() {
            switch token {
            case .help:
                return nil
            case .positional(let argument):
                throw scanner.unexpected(argument)
            case .option("--latency"):
                options.latency = try scanner.integer(in: 0...10_000, expected: "milliseconds from 0 to 10000")
            case .option("--keep"):
                try scanner.noValue()
                options.keep = true
            case .option:
                throw scanner.unknownOption()
            }
        }
        return options
    }
}
