import Feed
import FeedData
import FeedInterface
import FeedServer
import Foundation
import ImagePipeline
import LikesTesting
import Networking
import PostStoreInterface
import StoreTesting
import TerminalApp
import TerminalUI

/// `feed-demo`: the feed feature built and run on its own, over the reference server or fakes.
@main
enum FeedDemo {
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the demo with `arguments`; returns the exit status.
    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        let options: FeedDemoOptions
        do {
            guard let parsed = try FeedDemoOptions.parse(arguments) else {
                print(FeedDemoOptions.usage)
                return 0
            }
            options = parsed
        } catch {
            printError(error.message)
            return 2
        }
        // Likes: a fake that answers every tap (no Likes module here); the post store is test support's.
        let likes = FakeLikePostUseCase()
        let answers = LikeAutoAnswer.start(likes, after: options.latency)
        defer { answers.cancel() }
        let store: any PostStore = FakePostStore(likePost: likes)

        var server: FeedServer?
        defer { server?.stop() }
        let feed: any FeedRepository
        var photos: ImagePipeline?
        switch options.source {
        case .fakes:
            feed = GeneratedFeed.repository(latency: options.latency)
        case .embeddedServer, .server:
            let url: URL
            if case .server(let given) = options.source {
                url = given
            } else {
                let embedded = FeedServer(options: FeedServerOptions(port: 0), log: { _ in })
                do {
                    url = URL(string: "http://127.0.0.1:\(try embedded.start())")!
                } catch {
                    printError("could not start the reference server: \(error); pass --server URL or --fakes")
                    return 1
                }
                server = embedded
            }
            let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: url))
            // The likes read is a fake too: every heart starts as not liked.
            feed = CompositeFeedRepository(posts: RemotePostsRepository(http: http), likedPosts: FakeLikesRepository())
            photos = ImagePipeline(client: http)
        }
        let model = FeedViewModel(feed: feed, posts: store)

        guard TerminalRunLoop.canRun else {
            model.onAppear()
            _ = await model.waitUntilIdle(timeout: .seconds(30))
            let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).map { max(20, $0) } ?? 80
            print(FeedScreenRenderer.plainText(state: model.viewState, columns: columns, ascii: options.ascii))
            if case .failed = model.viewState.initialLoad { return 1 }
            return 0
        }
        let depth = ColorDepth.detect(environment: ProcessInfo.processInfo.environment)
        // Photos are drawn in colour only: with --ascii or NO_COLOR the boxes stay outlined.
        let screen = FeedDemoScreen(model: model, photos: options.ascii || depth == .none ? nil : photos, ascii: options.ascii)
        do {
            return try await TerminalRunLoop(depth: depth).run(screen)
        } catch {
            printError("\(error)")
            return 1
        }
    }

    private static func printError(_ line: String) {
        FileHandle.standardError.write(Data("feed-demo: \(line)\n".utf8))
    }
}
