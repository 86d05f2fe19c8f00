import Feed
import FeedData
import FeedInterface
import FeedServer
import Foundation
import Likes
import Mastodon
import Networking
import Posts

/// (l) Time to first rows against a server that answers every request after 1,500 ms: the real
/// HTTP stack, posts and likes repositories and view model, as a ratio to the latency. Next to it
/// the same feed when rows wait for the likes read (what a feed that cannot split them does), and
/// the Mastodon API on the same server (`--api mastodon`: each status carries its favourite).
@MainActor
enum FirstRowsBenchmark {
    /// The server's latency on every request, in milliseconds.
    static let latencyMS = 1_500
    static let latency: Duration = .milliseconds(latencyMS)
    static func run(_ scale: BenchScale) async -> [String] {
        // Opens of the feed per figure; the median is reported.
        let runs = scale.pick(full: 3, quick: 1)
        var options = FeedServerOptions(port: 0)
        options.faults.latencyMS = latencyMS
        let server = FeedServer(options: options)
        let port: UInt16
        do {
            port = try server.start()
        } catch {
            return ["(l) time to first rows: could not start the server (\(error))"]
        }
        defer { server.stop() }
        let baseURL = URL(string: "http://127.0.0.1:\(port)")!
        var split: [(rows: Duration, hearts: Duration)] = []
        var together: [(rows: Duration, hearts: Duration)] = []
        var mastodon: [(rows: Duration, hearts: Duration)] = []
        for _ in 0..<runs {
            guard let rowsFirst = await open(baseURL, splitting: true), let waiting = await open(baseURL, splitting: false),
                let statuses = await open(baseURL, mastodon: true)
            else {
                return ["(l) time to first rows: the feed did not load within 30 s"]
            }
            split.append(rowsFirst)
            together.append(waiting)
            mastodon.append(statuses)
        }
        func line(_ name: String, _ samples: [(rows: Duration, hearts: Duration)]) -> String {
            let rows = median(samples.map(\.rows))
            let hearts = median(samples.map(\.hearts))
            return "    \(name): rows \(Measure.format(rows)) → \(ratio(rows)), hearts \(Measure.format(hearts)) → \(ratio(hearts))"
        }
        return [
            "(l) time to first rows, server latency \(Measure.format(latency)) a request (goal: rows ≤ 1.25× the latency; medians of \(runs))",
            line("ours (rows, then hearts)", split),
            line("rows wait for the likes read", together),
            line("Mastodon API (favourites in each status)", mastodon),
        ]
    }

    /// Opens a new feed screen on `baseURL` and times its first rows and the end of its hearts' checking.
    private static func open(_ baseURL: URL, splitting: Bool = true, mastodon: Bool = false) async -> (rows: Duration, hearts: Duration)? {
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: baseURL))
        let model: FeedViewModel
        if mastodon {
            let favourites = MastodonFavourites(http: http)
            let feed = MastodonFeedRepository(http: http, timeline: .public)
            model = FeedViewModel(feed: feed, posts: InMemoryPostStore(likePost: SerialLikePostUseCase(likes: favourites, reread: favourites)))
        } else {
            let likes = RemoteLikesRepository(http: http)
            let composite = CompositeFeedRepository(posts: RemotePostsRepository(http: http), likedPosts: likes)
            let feed: any FeedRepository = splitting ? composite : Together(base: composite)
            model = FeedViewModel(feed: feed, posts: InMemoryPostStore(likePost: SerialLikePostUseCase(likes: likes, reread: likes)))
        }
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .seconds(30)
        model.onAppear()
        var rows: Duration?
        while clock.now < deadline {
            let state = model.viewState
            if rows == nil, !state.rows.isEmpty { rows = clock.now - start }
            if let rows, !state.rows.contains(where: { $0.heart == .checking }) { return (rows, clock.now - start) }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return nil
    }

    private static func ratio(_ duration: Duration) -> String { Measure.ratio(duration, latency) + " the latency" }

    private static func median(_ samples: [Duration]) -> Duration { samples.sorted()[samples.count / 2] }

    /// The feed as one answer, posts and hearts together (the protocol's default split).
    private struct Together: FeedRepository {
        let base: any FeedRepository
        func posts(after cursor: Cursor?) async throws -> FeedPage { try await base.posts(after: cursor) }
    }
}
