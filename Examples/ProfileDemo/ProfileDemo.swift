import FeedInterface
import LikesTesting
import Foundation
import Profile
import StoreTesting
import TerminalApp
import TerminalUIInterface

/// `profile-demo`: the profile feature built and run on its own, over fakes.
@main
enum ProfileDemo {
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the demo with `arguments`; returns the exit status.
    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        let options: ProfileDemoOptions
        do {
            guard let parsed = try ProfileDemoOptions.parse(arguments) else {
                print(ProfileDemoOptions.usage)
                return 0
            }
            options = parsed
        } catch {
            FileHandle.standardError.write(Data("profile-demo: \(error.message)\n".utf8))
            return 2
        }
        let author = Author(id: "u1", name: options.author)
        let repository = GeneratedProfile.repository(GeneratedProfile.posts(by: author, count: options.posts), latency: options.latency)
        // Likes and the post store are fakes of test support: no Likes, no Store here.
        let likes = FakeLikePostUseCase()
        let answers = LikeAutoAnswer.start(likes, after: options.latency)
        defer { answers.cancel() }
        let model = ProfileViewModel(author: author, repository: repository, posts: FakePostStore(likePost: likes))
        let screen = ProfileDemoScreen(model: model, ascii: options.ascii)

        guard TerminalRunLoop.canRun else {
            model.onAppear()
            _ = await model.waitUntilIdle(timeout: .seconds(30))
            let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).map { max(20, $0) } ?? 80
            print(screen.frame(size: TerminalSize(columns: columns, rows: 24)).plainText)
            if case .failed = model.viewState.initialLoad { return 1 }
            return 0
        }
        do {
            return try await TerminalRunLoop().run(screen)
        } catch {
            FileHandle.standardError.write(Data("profile-demo: \(error)\n".utf8))
            return 1
        }
    }
}
