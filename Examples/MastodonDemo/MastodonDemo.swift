import FeedInterface
import FeedServer
import Foundation
import LikesInterface
import Mastodon
import Networking
import SafeText

/// `mastodon-demo`: the Mastodon feature built and run on its own, against the reference server's
/// Mastodon dialect (in-process) or any Mastodon-API server; prints each step and exits.
@main
enum MastodonDemo {
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the demo with `arguments`; returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        let options: MastodonDemoOptions
        do {
            guard let parsed = try MastodonDemoOptions.parse(arguments) else {
                print(MastodonDemoOptions.usage)
                return 0
            }
            options = parsed
        } catch {
            FileHandle.standardError.write(Data("mastodon-demo: \(error.message)\n".utf8))
            return 2
        }
        var embedded: FeedServer?
        let baseURL: URL
        if let server = options.server {
            baseURL = server
        } else {
            var serverOptions = FeedServerOptions(port: 0)
            serverOptions.api = .mastodon
            let server = FeedServer(options: serverOptions)
            guard let port = try? server.start() else {
                FileHandle.standardError.write(Data("mastodon-demo: the reference server could not start on 127.0.0.1\n".utf8))
                return 1
            }
            embedded = server
            baseURL = URL(string: "http://127.0.0.1:\(port)")!
        }
        defer { embedded?.stop() }
        let token = ProcessInfo.processInfo.environment["FEED_TOKEN"].flatMap { $0.isEmpty ? nil : FixedToken(token: $0, rejected: "FEED_TOKEN was rejected") }
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: baseURL, tokens: token))
        let shown = SafeText.line(baseURL.absoluteString, limit: 120)
        print("mastodon-demo: the Mastodon module on its own, against \(embedded == nil ? shown : "the reference server's Mastodon dialect")")
        var results: [Bool] = []
        let pacer = MastodonPacer()
        let feed = MastodonFeedRepository(http: http, timeline: .public, pageSize: 10, pacer: pacer)
        var cursor: Cursor?
        var first: Post?  // the first post not favourited yet: favouriting it changes nothing of the user's
        for page in 1...options.pages {
            do {
                let (read, statuses) = try await feed.page(after: cursor)
                print("\(page). page \(page): \(read.posts.count) photo posts\(read.next.map { ", the next below status \($0)" } ?? ", the last page")")
                for status in statuses.prefix(3) { print("   " + line(status)) }
                first = first ?? read.posts.first { $0.like != .liked }
                results.append(true)
                cursor = read.next
                if cursor == nil { break }
            } catch {
                print("\(page). page \(page) failed: \(error)")
                results.append(false)
                break
            }
        }
        if let first, embedded != nil || (token != nil && options.favourite) {
            results.append(await favourite(first, http: http, pacer: pacer))
        } else {
            print("   (no favourite: on a real server it needs --favourite and a token in FEED_TOKEN)")
        }
        let expected = results.filter { $0 }.count
        print("mastodon-demo: \(expected) of \(results.count) steps came out as expected")
        return expected == results.count ? 0 : 1
    }

    /// Favourites `post`, reads it back, unfavourites it and reads it back again.
    private static func favourite(_ post: Post, http: any HTTPClient, pacer: MastodonPacer) async -> Bool {
        let favourites = MastodonFavourites(http: http, pacer: pacer)
        do {
            let on = try await favourites.setLiked(true, post: post.id)
            let readOn = try await favourites.likedIDs(among: [post.id]).contains(post.id)
            let off = try await favourites.setLiked(false, post: post.id)
            let readOff = try await favourites.likedIDs(among: [post.id]).contains(post.id)
            print("   favourite status \(post.id): ♥ \(on.likeCount) (read back \(readOn ? "♥" : "♡")), unfavourite: ♡ \(off.likeCount) (read back \(readOff ? "♥" : "♡"))")
            return on.liked && readOn && !off.liked && !readOff && on.likeCount == off.likeCount + 1
        } catch {
            print("   favourite status \(post.id) failed: \(error)")
            return false
        }
    }

    /// One row: the author's handle, the caption's first line, the favourites and what Mastodon adds.
    private static func line(_ status: MastodonStatus) -> String {
        let post = status.post
        let caption = SafeText.line(post.caption, limit: 50)
        var notes = [post.notes.boostedBy.map { "boosted by \($0)" }, post.notes.contentWarning.map { "CW: \($0)" }, post.notes.sensitive ? "sensitive" : nil, post.image == nil ? "text" : nil]
            .compactMap { $0 }.joined(separator: ", ")
        if !notes.isEmpty { notes = " (\(notes))" }
        return "\(status.handle) · \(caption) · \(post.likeCount) favourites\(notes)"
    }
}
