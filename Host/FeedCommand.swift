import FeatureFlags
import Foundation
import PluginInterface
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
        let plugins = PluginList.all
        let registry = PluginFlags.registry(plugins)
        let command: HostCommand
        do {
            command = try HostOptions.parse(arguments, registry: registry, pluginOptions: plugins.flatMap { $0.options })
        } catch {
            StandardStreams.err("feed: \(error.message)")
            return 2
        }
        switch command {
        case .help:
            StandardStreams.out(
                HelpText.usage(
                    flags: flagList(registry), options: optionList(plugins),
                    headless: HeadlessCommand.summary(plugins.flatMap { $0.headlessCommands })))
            return 0
        case .version:
            StandardStreams.out(HelpText.version)
            return 0
        case .serve(let arguments):
            return await ServeMode.run(arguments)
        case .logout(let options):
            return LogoutMode.run(UserData(options), plugins: plugins)
        case .queue(let options):
            return await QueueMode.run(UserData(options))
        case .stats(let options, let json):
            return await StatsMode.run(options, json: json)
        case .flags(let options, let json):
            guard let services = await start(options, plugins: plugins) else { return 1 }
            defer { services.stop() }
            StandardStreams.out(json ? services.flags.json() : services.flags.table())
            return 0
        case .headless(let options):
            guard let services = await start(options, plugins: plugins) else { return 1 }
            defer { services.stop() }
            let status = await HeadlessMode.run(services)
            await services.finishTelemetry()
            return status
        case .screen(let options):
            guard let services = await start(options, plugins: plugins) else { return 1 }
            defer { services.stop() }
            if Terminal.isTerminal(STDOUT_FILENO), Terminal.isTerminal(STDIN_FILENO) {
                // Photos are drawn in colour only: with --ascii or NO_COLOR the boxes stay outlined.
                let depth = ColorDepth.detect(environment: ProcessInfo.processInfo.environment)
                services.drawsPhotos = !(options.ascii || depth == .none)
                let graphics = services.drawsPhotos
                    ? GraphicsMode(rawValue: options.graphics) ?? GraphicsMode.detect(environment: ProcessInfo.processInfo.environment) : .blocks
                let model = services.makeFeedViewModel()
                let router = ScreenRouter(
                    model: model, extensions: services.extensions(for: model), photos: services.photoLoader(), ascii: options.ascii,
                    graphics: graphics, cellPixels: Terminal().cellPixelSize())
                services.onSwitchedOff = { router.switchedOff($0) }
                services.onPhoto = { router.onPhoto() }
                router.onSuspended = { suspended in
                    if !suspended { services.returned() }
                }
                let telemetry = services.telemetry
                // A stopped process may be killed: the place and the telemetry are on disk before it stops.
                router.beforeSuspend = {
                    await model.savePlace()?.value
                    await telemetry.writeNow()
                }
                router.onFrame = { telemetry.frameDrawn($0, hasRows: $1) }
                let status = await ScreenMode.run(router: router, graphics: graphics)
                await services.savePlaces()
                await services.finishTelemetry()
                return status
            }
            let model = services.makeFeedViewModel()
            let status = await PlainFrameMode.run(
                model: model, extensions: services.extensions(for: model).map(\.extension), ascii: options.ascii,
                write: { StandardStreams.out($0) })
            services.telemetry.frameDrawn(nil, hasRows: !model.viewState.rows.isEmpty)
            await services.finishTelemetry()
            return status
        }
    }

    @MainActor
    private static func start(_ options: HostOptions, plugins: [any FeaturePlugin]) async -> AppServices? {
        do {
            return try await AppServices.start(options, plugins: plugins)
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

    /// The follow-ups' options for `--help`, aligned as the host's own.
    @MainActor
    private static func optionList(_ plugins: [any FeaturePlugin]) -> String {
        plugins.flatMap { $0.options }.map { option in
            let name = "\(option.name) \(option.expected.hasPrefix("milliseconds") ? "MS" : "N")"
            return "  \(name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(option.help)"
        }.joined(separator: "\n")
    }
}
