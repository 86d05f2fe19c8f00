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
        case .logout(let options):
            do {
                try FeedComposition.forgetUser(options: options, keepOpenCache: false)
                StandardStreams.out("feed: deleted everything stored for \(options.user) on \(options.server?.absoluteString ?? "the embedded server")")
            } catch {
                StandardStreams.err("feed: logout could not delete \(FeedComposition.cacheFile(options).path): \(error); delete it by hand")
                exit(1)
            }
        case .headless(let options):
            let session = await startSession(options, registry: registry)
            let model = await FeedComposition.makeFeedViewModel(session: session, options: options)
            var driver = HeadlessDriver(model: model, write: StandardStreams.out)
            // With offline pages on, the open cache clears itself and copies moved aside are
            // deleted; with it off, every file of an earlier run is deleted without Store code.
            let offlineOn = session.flags.isOn(FeatureFlagKeys.offlinePages)
            driver.forgetUser = {
                do {
                    try FeedComposition.forgetUser(options: options, keepOpenCache: offlineOn)
                } catch {
                    StandardStreams.err("feed: logout could not delete \(FeedComposition.cacheFile(options).path): \(error)")
                }
            }
            await driver.run(LineReader.standardInput())
            session.stop()
        case .screen(let options):
            let session = await startSession(options, registry: registry)
            let model = await FeedComposition.makeFeedViewModel(session: session, options: options)
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
