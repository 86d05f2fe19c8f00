import Arguments

/// What `store-demo` was asked for.
struct StoreDemoOptions: Equatable {
    /// How many pages of the feed arrive to be saved.
    var pages = 4
    /// How many posts each page holds.
    var pageSize = 20
    /// Whether the saved pages' file is left in place for `sqlite3`.
    var keep = false

    static let usage = """
        usage: store-demo [--pages N] [--page-size N] [--keep]

        The store feature on its own (Store, Posts and their interface): pages of generated posts
        saved into a real SQLite file in a temporary directory (SQLiteFeedCache, at most its first 3
        pages) and read back after the file is opened again; then the one post store (InMemoryPostStore)
        read by two screens, where a like shows on both at once and a refused one rolls back on both
        (the like use case is test support's fake, answered in turn), and the settled like saved into
        the file. Prints each step and exits: 0 when every step came out as expected, else 1.

          --pages N       how many pages arrive, 1 to 10; default 4
          --page-size N   how many posts a page holds, 2 to 100; default 20
          --keep          leave the saved pages' file in place (its path is printed)
          -h, --help      this text
        """

    /// The options in `arguments`, or `nil` when help was asked for.
    static func parse(_ arguments: [String]) throws(ArgumentError) -> StoreDemoOptions? {
        var options = StoreDemoOptions()
        var scanner = ArgumentScanner(arguments, program: "store-demo")
        while let token = scanner.next() {
            switch token {
            case .help:
                return nil
            case .positional(let argument):
                throw scanner.unexpected(argument)
            case .option("--pages"):
                options.pages = try scanner.integer(in: 1...10, expected: "a number from 1 to 10")
            case .option("--page-size"):
                options.pageSize = try scanner.integer(in: 2...100, expected: "a number from 2 to 100")
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
