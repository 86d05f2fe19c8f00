import FeatureFlags
import FeedServer
import Foundation
import TerminalUI

/// `feed`: parses the command line and runs the mode asked for.
@main
enum FeedCommand {
    static func main() async {
        let registry = FlagRegistry.standard
        let command: HostCommand
        do {
            command = try HostOptions.parse(Array(CommandLine.arguments.dropFirst()), registry: registry)
        } catch {
            StandardStreams.err("feed: \(error.message)")
            exit(2)
        }
        switch command {
        case .help:
            StandardStreams.out(HelpText.usage(flags: flagList(registry)))
        case .version:
            StandardStreams.out(HelpText.version)
        case .serve(let arguments):
            await ServeMode.run(arguments)
        case .flags(let options, let json):
            let session = await startSession(options, registry: registry)
            StandardStreams.out(json ? session.flags.json() : session.flags.table())
            session.stop()
        case .headless(let options):
            let session = await startSession(options, registry: registry)
            let model = FeedComposition.makeFeedViewModel(session: session)
            await HeadlessDriver(model: model, write: StandardStreams.out).run(LineReader.standardInput())
            session.stop()
        case .screen(let options):
            let session = await startSession(options, registry: registry)
            let model = FeedComposition.makeFeedViewModel(session: session)
            if Terminal.isTerminal(STDOUT_FILENO), Terminal.isTerminal(STDIN_FILENO) {
                let status = await ScreenMode.run(model: model, ascii: options.ascii)
                session.stop()
                exit(status)
            }
            await PlainFrameMode.run(model: model, ascii: options.ascii, write: StandardStreams.out)
            session.stop()
        }
        exit(0)
    }

    private static func startSession(_ options: HostOptions, registry: FlagRegistry) async -> FeedSession {
        do {
            return try await FeedSession.start(options, registry: registry)
        } catch {
            StandardStreams.err("feed: could not start the embedded server: \(error); pass --server URL to use another one")
            exit(1)
        }
    }

    private static func flagList(_ registry: FlagRegistry) -> String {
        registry.definitions.map { definition in
            let built = definition.isBuilt ? "" : " (not built yet)"
            return "  \(definition.key.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)) \(definition.description)\(built)"
        }.joined(separator: "\n")
    }
}
