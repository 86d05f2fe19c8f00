import Arguments
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
        let pluginOptions = plugins.flatMap { $0.options }
        let spec = FeedCommandSpec.command(
            plugins: pluginOptions, registry: registry, headless: HeadlessCommand.summary(plugins.flatMap { $0.headlessCommands }),
            commands: plugins.flatMap(\.commands))
        let config = configFile(arguments, spec: spec, registry: registry, pluginOptions: pluginOptions)
        for problem in config.problems { StandardStreams.err("feed: \(problem)") }
        let named = arguments.first.flatMap { spec.subcommand($0) }
        let command: HostCommand
        do {
            command = try HostOptions.parse(
                arguments, registry: registry, pluginOptions: pluginOptions, config: config.arguments(for: named ?? spec),
                configSource: "config file \(config.file?.path ?? "")", spec: spec)
        } catch {
            StandardStreams.err("feed: \(error.message)")
            return 2
        }
        switch command {
        case .help(let subcommand):
            let shown = subcommand.flatMap { spec.subcommand($0) } ?? spec
            StandardStreams.out(HelpFormatter.help(shown, program: subcommand.map { "feed \($0)" } ?? "feed"))
            return 0
        case .version:
            StandardStreams.out(FeedCommandSpec.version)
            return 0
        case .completion(let shell):
            StandardStreams.out(String(CompletionScript.script(spec, shell: shell).dropLast()))
            return 0
        case .man:
            StandardStreams.out(String(ManPage.render(spec, version: FeedCommandSpec.version).dropLast()))
            return 0
        case .serve(let arguments):
            return await ServeMode.run(arguments)
        case .logout(let options):
            return await LogoutMode.run(UserData(options), options: options, plugins: plugins)
        case .login(let options):
            return await LoginMode.run(options)
        case .plugin(let name, let options):
            guard let (plugin, command) = plugins.lazy.compactMap({ plugin in plugin.commands.first { $0.name == name }.map { (plugin, $0) } }).first
            else { return 2 }
            let output = CommandOutput(out: { _ = StandardStreams.out($0) }, err: { _ = StandardStreams.err($0) })
            return await plugin.run(command, files: UserData(options).pluginFiles, output: output)
        case .stats(let options, let json):
            return await StatsMode.run(options, json: json)
        case .flags(let options, let json):
            guard let services = await start(options, plugins: plugins) else { return 1 }
            defer { services.stop() }
            StandardStreams.out(json ? services.flags.json() : services.flags.table())
            // The options `feed` itself would run with (this command line's and the file's).
            let screen = Array(arguments.dropFirst()).filter { $0 != "--json" }
            if !json, case .screen(let shown)? = try? HostOptions.parse(
                screen, registry: registry, pluginOptions: pluginOptions, config: config.arguments(for: spec),
                configSource: "config file \(config.file?.path ?? "")", spec: spec), !shown.sources.isEmpty {
                StandardStreams.out("")
                StandardStreams.out(optionTable(shown))
            }
            if !json {
                StandardStreams.out("")
                // The terminal is asked as `feed` asks it at start (only where both ends are a terminal).
                let terminal = Terminal()
                let answers = Terminal.isTerminal(STDIN_FILENO) ? terminal.probe() : nil
                for line in TerminalReport.lines(environment: ProcessInfo.processInfo.environment, answers: answers) { StandardStreams.out(line) }
            }
            return 0
        case .headless(let options):
            guard let services = await start(options, plugins: plugins) else { return 1 }
            defer { services.stop() }
            let status = await HeadlessMode.run(services)
            await services.shutdownPlugins()
            await services.finishTelemetry()
            return status
        case .screen(var options):
            // Asked once, before the first frame: at most 100 ms when nothing answers.
            if Terminal.isTerminal(STDOUT_FILENO), Terminal.isTerminal(STDIN_FILENO) { options.terminalAnswers = Terminal().probe() }
            guard let services = await start(options, plugins: plugins) else { return 1 }
            defer { services.stop() }
            if Terminal.isTerminal(STDOUT_FILENO), Terminal.isTerminal(STDIN_FILENO) {
                // Photos are drawn in colour only: with --ascii or NO_COLOR the boxes stay outlined.
                let environment = ProcessInfo.processInfo.environment
                let depth = ColorDepth.detect(environment: environment, answers: options.terminalAnswers)
                services.drawsPhotos = !(options.ascii || depth == .none)
                let graphics = services.drawsPhotos
                    ? GraphicsMode(rawValue: options.graphics) ?? GraphicsMode.detect(environment: environment, answers: options.terminalAnswers) : .blocks
                let model = services.makeFeedViewModel()
                let router = ScreenRouter(
                    model: model, extensions: services.followUps.active.extensions(for: model), photos: services.photoLoader(),
                    photoOpener: services.photoViewer, ascii: options.ascii,
                    graphics: graphics, symbols: options.blockSymbols, background: options.background, cellPixels: Terminal().cellPixelSize())
                services.followUps.active.onSwitchedOff = { router.switchedOff($0) }
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
                let status = await ScreenMode.run(
                    router: router, depth: depth, graphics: graphics, kittyFiles: options.terminalAnswers?.kittyFiles == true)
                await services.savePlaces()
                await services.shutdownPlugins()
                await services.finishTelemetry()
                return status
            }
            let model = services.makeFeedViewModel()
            let status = await PlainFrameMode.run(
                model: model, extensions: services.followUps.active.extensions(for: model).map(\.extension), ascii: options.ascii,
                write: { StandardStreams.out($0) })
            services.telemetry.frameDrawn(nil, hasRows: !model.viewState.rows.isEmpty)
            await services.shutdownPlugins()
            await services.finishTelemetry()
            return status
        }
    }

    @MainActor
    private static func start(_ options: HostOptions, plugins: [any FeaturePlugin]) async -> AppServices? {
        do {
            return try await AppServices.start(options, plugins: plugins)
        } catch let error as AppServices.NeedsSignIn {
            StandardStreams.err("feed: \(error)")
            return nil
        } catch {
            StandardStreams.err("feed: could not start the embedded server: \(error); pass --server URL to use another one")
            return nil
        }
    }

    /// The config file's options for the command `arguments` names (none for `serve`).
    private static func configFile(
        _ arguments: [String], spec: CommandSpec, registry: FlagRegistry, pluginOptions: [PluginOption]
    ) -> ConfigFileOptions {
        guard arguments.first != "serve" else { return ConfigFileOptions(file: nil, all: spec, check: { _ in nil }) }
        let given = arguments.firstIndex(of: "--flags-file").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
            ?? arguments.first { $0.hasPrefix("--flags-file=") }.map { String($0.dropFirst("--flags-file=".count)) }
        let file = given.map { URL(fileURLWithPath: $0) } ?? FlagResolver.standardConfigFile(environment: ProcessInfo.processInfo.environment)
        return ConfigFileOptions(file: file, all: spec) { words -> ArgumentError? in
            do throws(ArgumentError) {
                _ = try HostOptions.parse(words, registry: registry, pluginOptions: pluginOptions, spec: spec)
                return nil
            } catch {
                return error
            }
        }
    }

    /// The options given, their values and where each came from (`feed flags`).
    private static func optionTable(_ options: HostOptions) -> String {
        // The flags have their own table above; mode switches are never recorded as sources.
        let rows = options.sources.keys.sorted().filter { $0 != "--enable" && $0 != "--disable" }
            .map { ($0, options.shownValue(of: $0), options.sources[$0] ?? "") }
        let nameWidth = max(6, rows.map { $0.0.count }.max() ?? 0) + 2
        let valueWidth = max(5, rows.map { $0.1.count }.max() ?? 0) + 2
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        return ([pad("OPTION", nameWidth) + pad("VALUE", valueWidth) + "SOURCE"] + rows.map { pad($0.0, nameWidth) + pad($0.1, valueWidth) + $0.2 })
            .joined(separator: "\n")
    }
}
