import FeatureFlags
import Foundation
import TerminalUI

/// `feed`: parse the command line, build the services, run the mode — top to bottom, one exit.
@main
enum FeedCommand {
    static func main() async {
        StandardStreams.ignoreBrokenPipes()
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs `feed` with `arguments` and returns the exit status.
    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        let registry = FlagRegistry.standard
        let command: HostCommand
        do {
            command = try HostOptions.parse(arguments, registry: registry)
        } catch {
            StandardStreams.err("feed: \(error.message)")
            return 2
        }
        switch command {
        case .help:
            StandardStreams.out(HelpText.usage(flags: flagList(registry)))
            return 0
        case .version:
            StandardStreams.out(HelpText.version)
            return 0
        case .serve(let arguments):
            return await ServeMode.run(arguments)
        case .logout(let options):
            return LogoutMode.run(UserData(options))
        case .queue(let options):
            return await QueueMode.run(UserData(options))
        case .flags(let options, let json):
            guard let services = await start(options, registry: registry) else { return 1 }
            defer { services.stop() }
            StandardStreams.out(json ? services.flags.json() : services.flags.table())
            return 0
        case .headless(let options):
            guard let services = await start(options, registry: registry) else { return 1 }
            defer { services.stop() }
            return await HeadlessMode.run(services)
        case .screen(let options):
            guard let services = await start(options, registry: registry) else { return 1 }
            defer { services.stop() }
            let model = services.makeFeedViewModel()
            if Terminal.isTerminal(STDOUT_FILENO), Terminal.isTerminal(STDIN_FILENO) {
                // Photos are drawn in colour only: with --ascii or NO_COLOR the boxes stay outlined.
                let depth = ColorDepth.detect(environment: ProcessInfo.processInfo.environment)
                let photos = options.ascii || depth == .none ? nil : services.photos
                let router = ScreenRouter(
                    model: model, makeProfile: services.profileFactory, poller: services.makeNewPostsPoller(for: model), photos: photos,
                    ascii: options.ascii)
                services.onProfilesOff = { router.closeProfile() }
                return await ScreenMode.run(router: router)
            }
            return await PlainFrameMode.run(model: model, ascii: options.ascii, write: { StandardStreams.out($0) })
        }
    }

    private static func start(_ options: HostOptions, registry: FlagRegistry) async -> AppServices? {
        do {
            return try await AppServices.start(options, registry: registry)
        } catch {
            StandardStreams.err("feed: could not start the embedded server: \(error); pass --server URL to use another one")
            return nil
        }
    }

    private static func flagList(_ registry: FlagRegistry) -> String {
        registry.definitions.map { definition in
            let built = definition.isBuilt ? "" : " (not built yet)"
            return "  \(definition.key.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)) \(definition.description)\(built)"
        }.joined(separator: "\n")
    }
}
