import Arguments
import FeatureFlags
import Foundation
import PluginInterface
import Testing

@testable import Host

/// `feed`'s one option table: the parser takes what it lists, per subcommand; `-V`; a version
/// request with a mistake is a mistake; the config file holds any option, and a bad one in it is
/// reported and ignored.
@MainActor
@Suite struct CommandLineSpecTests {
    let plugins = PluginList.all
    var registry: FlagRegistry { PluginFlags.registry(plugins) }
    var pluginOptions: [PluginOption] { plugins.flatMap(\.options) }
    var spec: CommandSpec { FeedCommandSpec.command(plugins: pluginOptions, registry: registry, headless: "open", commands: plugins.flatMap(\.commands)) }

    private func parse(_ arguments: [String], config: [String] = []) throws(ArgumentError) -> HostCommand {
        try HostOptions.parse(
            arguments, registry: registry, pluginOptions: pluginOptions, pluginCommands: plugins.flatMap(\.commands), config: config,
            configSource: "config file f.json")
    }

    @Test("a follow-up's subcommand comes from its plugin: parsed with the account options, in the help; never over one of feed's own")
    func pluginSubcommands() throws {
        guard case .plugin(let command, let options) = try parse(["queue", "--user", "ana", "--server", "http://127.0.0.1:9"]) else {
            Issue.record("feed queue is the like queue's subcommand")
            return
        }
        #expect(command == "queue" && options.user == "ana")
        #expect(try parse(["queue", "--help"]) == .help(subcommand: "queue"))
        #expect(throws: ArgumentError.self) { try parse(["queue", "--json"]) }
        #expect(spec.subcommand("queue")?.summary == "the likes waiting on this device to be sent (persistent-like-queue)")
        let clash = FeedCommandSpec.command(
            plugins: [], registry: registry, headless: "", commands: [
                PluginCommand(name: "stats", summary: "a follow-up's"), PluginCommand(name: "bookmarks", summary: "b"),
                PluginCommand(name: "--version", summary: "an option"), PluginCommand(name: "Two Words", summary: "no"),
            ])
        #expect(clash.subcommand("--version") == nil && clash.subcommand("Two Words") == nil, "never an option or more than a word")
        #expect(clash.subcommands.filter { $0.name == "stats" }.count == 1 && clash.subcommand("stats")?.summary != "a follow-up's")
        #expect(clash.subcommand("bookmarks")?.summary == "b")
    }

    @Test func versionHelpAndCompletionAreCommandsOfTheirOwn() throws {
        #expect(try parse(["-V"]) == .version)
        #expect(try parse(["stats", "--version"]) == .version)
        #expect(throws: ArgumentError.unknownOption("--bogus", program: "feed")) { try parse(["--version", "--bogus"]) }
        #expect(try parse(["stats", "--help"]) == .help(subcommand: "stats"))
        #expect(try parse(["completion", "zsh"]) == .completion(.zsh))
        #expect(throws: ArgumentError.self) { try parse(["completion"]) }
        #expect(throws: ArgumentError.self) { try parse(["completion", "tcsh"]) }
        #expect(try parse(["man"]) == .man)
    }

    @Test("each subcommand takes only the options its table lists", arguments: [
        (["logout", "--ascii"], "--ascii", "feed logout"), (["queue", "--json"], "--json", "feed queue"),
        (["flags", "--photos", "off"], "--photos", "feed flags"), (["stats", "--poll-interval", "2000"], "--poll-interval", "feed stats"),
        (["--json"], "--json", "feed"), (["man", "--server", "http://x"], "--server", "feed man"),
    ])
    func aSubcommandRefusesOptionsNotItsOwn(arguments: [String], option: String, program: String) {
        #expect(throws: ArgumentError.unknownOption(option, program: program)) { try parse(arguments) }
    }

    @Test func everyOptionTheTableListsIsParsed() throws {
        for option in spec.options where option.value == nil && option.name != "--help" && option.name != "--version" {
            #expect(throws: Never.self, "\(option.name)") { try parse([option.name]) }
        }
        for subcommand in spec.subcommands where subcommand.name != "serve" {
            for option in subcommand.options where option.value == nil && option.name != "--help" && option.name != "--version" {
                #expect(throws: Never.self, "\(subcommand.name) \(option.name)") { try parse([subcommand.name, option.name]) }
            }
        }
    }

    @Test func theConfigFilesWordsComeFirstAndTheCommandLineWins() throws {
        guard case .screen(let options) = try parse(["--user", "bob"], config: ["--user", "ana", "--ascii", "--poll-interval", "2000"]) else {
            Issue.record("not the screen")
            return
        }
        #expect(options.user == "bob" && options.sources["--user"] == "command line")
        #expect(options.ascii && options.sources["--ascii"] == "config file f.json")
        #expect(options.pluginValues["--poll-interval"] == "2000")
        #expect(options.shownValue(of: "--poll-interval") == "2000")
    }

    @Test("the config file holds any option; a bad or foreign one is reported and ignored; each mode takes its own")
    func configFileOptions() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("flags.json")
        let json = #"""
            {"flags":{"offline-pages":true},"options":{"server":"http://127.0.0.1:9","user":"ana","--ascii":true,"verbose":false,
             "graphics":"sixel","poll-interval":5,"request-timeout":"soon","headless":true,"bogus":1,"photos":"maybe","image-memory":[1]}}
            """#
        try Data(json.utf8).write(to: file)
        let registry = registry
        let pluginOptions = pluginOptions
        let config = ConfigFileOptions(file: file, all: spec) { words -> ArgumentError? in
            do throws(ArgumentError) {
                _ = try HostOptions.parse(words, registry: registry, pluginOptions: pluginOptions)
                return nil
            } catch {
                return error
            }
        }
        #expect(config.arguments(for: spec) == ["--ascii", "--graphics", "sixel", "--server", "http://127.0.0.1:9", "--user", "ana"])
        #expect(config.arguments(for: spec.subcommand("logout")!) == ["--server", "http://127.0.0.1:9", "--user", "ana"])
        let problems = config.problems.joined(separator: "\n")
        for reported in ["unknown option --bogus", "--headless cannot be kept", "invalid value '5' for --poll-interval",
                         "invalid value 'soon' for --request-timeout", "invalid value 'maybe' for --photos", "'image-memory' must be"] {
            #expect(problems.contains(reported), "\(reported) in:\n\(problems)")
        }
        #expect(config.problems.count == 6, "\(problems)")
        #expect(config.problems.allSatisfy { $0.hasPrefix("config file \(file.path)") })
    }
}
