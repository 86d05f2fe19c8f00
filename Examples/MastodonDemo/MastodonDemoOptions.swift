import Arguments
import Foundation

/// What `mastodon-demo` was asked for.
struct MastodonDemoOptions: Equatable {
    /// A Mastodon-API server; nil: the reference server in its Mastodon dialect, in-process.
    var server: URL?
    /// How many pages to read.
    var pages = 2
    /// `--favourite`: on a real server, favourite (then unfavourite) a post with the token.
    var favourite = false

    static let usage = """
        usage: mastodon-demo [--server URL] [--pages N] [--favourite]

        The Mastodon feature on its own (the Mastodon module, no host): pages of the public timeline
        read through MastodonFeedRepository, paged by the Link header, each row with its favourites;
        then a favourite and an unfavourite of the first row through MastodonFavourites, read back.
        Without --server, the reference server runs in-process in its Mastodon dialect; with one,
        nothing is favourited unless --favourite is given and FEED_TOKEN holds a token (then a post
        not yet favourited is favourited and unfavourited again: your account, your call). Prints
        each step and exits: 0 when every step came out as expected, else 1.

          --server URL    a Mastodon-API server (Mastodon, Pixelfed, GoToSocial…)
          --pages N       how many pages to read, 1 to 5; default 2
          --favourite     with --server and FEED_TOKEN: favourite and unfavourite one post
          -h, --help      this text
        """

    /// The options in `arguments`, or `nil` when help was asked for.
    static func parse(_ arguments: [String]) throws(ArgumentError) -> MastodonDemoOptions? {
        var options = MastodonDemoOptions()
        var scanner = ArgumentScanner(arguments, program: "mastodon-demo")
        while let token = scanner.next() {
            switch token {
            case .help:
                return nil
            case .positional(let argument):
                throw scanner.unexpected(argument)
            case .option("--server"):
                let text = try scanner.value(expected: "an http(s) URL such as https://mastodon.social")
                guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                    throw scanner.invalid(text, expected: "an http(s) URL such as https://mastodon.social")
                }
                options.server = url
            case .option("--favourite"):
                try scanner.noValue()
                options.favourite = true
            case .option("--pages"):
                options.pages = try scanner.integer(in: 1...5, expected: "a number from 1 to 5")
            case .option:
                throw scanner.unknownOption()
            }
        }
        return options
    }
}
