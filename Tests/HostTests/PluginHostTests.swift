import Arguments
import FeedInterface
import Foundation
import PluginInterface
import PostStoreInterface
import Testing
import TestingSupport
@testable import Host

/// What a recording plugin saw of the host.
@MainActor
private final class PluginLog {
    var activations = 0
    var starts = 0
    var screens = 0
    var logouts = 0
    var adopted = 0
    var shutdowns = 0
    /// A shutdown that never ends (the host must not wait for it past its bound).
    var hangsAtShutdown = false
}

/// A follow-up the test lists instead of the product's: it records every hook the host drives and
/// keeps one file, created when it is activated.
@MainActor
private struct RecordingPlugin: FeaturePlugin {
    let log: PluginLog
    static let note = HeadlessField(name: "note", whenOff: "\"off\"")
    static let ping = HeadlessCommandSpec(name: "ping")

    var flag: PluginFlag { PluginFlag(key: "recording", owner: "devex", description: "Records what the host does") }
    var options: [PluginOption] {
        [PluginOption(name: "--ping-every", expected: "milliseconds from 1 to 10", range: 1...10, defaultValue: 5, help: "ping")]
    }
    var headlessCommands: [HeadlessCommandSpec] { [Self.ping] }
    var headlessFields: [HeadlessField] { [Self.note] }

    func files(_ files: PluginFiles) -> [URL] { [files.file("recording", "txt")] }

    func activate(_ context: PluginContext) async -> any ActivePlugin {
        log.activations += 1
        let file = files(context.files)[0]
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file.path, contents: Data("kept".utf8))
        return Active(log: log, pingEvery: context.option(options[0]))
    }

    @MainActor
    final class Active: ActivePlugin {
        let log: PluginLog
        let pingEvery: Int
        init(log: PluginLog, pingEvery: Int) {
            self.log = log
            self.pingEvery = pingEvery
        }
        func start() { log.starts += 1 }
        func adopt(_ store: any PostStore) { log.adopted += 1 }
        func extend(_ screen: any ScreenControl) -> (any ScreenExtension)? {
            log.screens += 1
            return nil
        }
        func logout() async -> String? {
            log.logouts += 1
            return nil
        }
        func value(of field: HeadlessField) async -> String { "\"on every \(pingEvery) ms\"" }
        func shutdown() async {
            log.shutdowns += 1
            if log.hangsAtShutdown { await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } }
        }
    }
}

/// The host drives a follow-up only through its plugin value: activated only when its flag is on,
/// given its options, asked for each screen, told of logout, its files deleted, its headless
/// commands and fields known while it is off.
@MainActor
@Suite struct PluginHostTests {
    private func options(_ arguments: [String], plugin: RecordingPlugin) throws -> HostOptions {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-host-\(UUID().uuidString)")
        let command = try HostOptions.parse(
            arguments + ["--data-dir", data.path, "--photos", "off"], registry: PluginFlags.registry([plugin]), pluginOptions: plugin.options)
        guard case .headless(let options) = command else { throw PluginHostError.notHeadless }
        return options
    }

    @Test func aPluginWhoseFlagIsOffIsNeverActivatedAndKeepsNoFile() async throws {
        let log = PluginLog()
        let plugin = RecordingPlugin(log: log)
        let services = try await AppServices.start(try options(["--headless", "--disable", "recording"], plugin: plugin), plugins: [plugin])
        defer { services.stop() }
        let model = services.makeFeedViewModel()
        #expect(services.followUps.active.extensions(for: model).isEmpty)
        #expect(log.activations == 0 && log.starts == 0 && log.screens == 0 && log.adopted == 0)
        #expect(services.pluginFiles.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
        #expect(services.followUps.active.all.isEmpty)
    }

    @Test func aPluginWhoseFlagIsOnTakesPartInEveryHookAndLogoutDeletesItsFiles() async throws {
        let log = PluginLog()
        let plugin = RecordingPlugin(log: log)
        let options = try options(["--headless", "--enable", "recording", "--ping-every", "7"], plugin: plugin)
        let services = try await AppServices.start(options, plugins: [plugin])
        defer { services.stop() }
        #expect(log.activations == 1 && log.starts == 1)
        let model = services.makeFeedViewModel()
        _ = services.followUps.active.extensions(for: model)
        #expect(log.screens == 1 && log.adopted == 1, "each screen's store is adopted once and each screen extended")
        let file = try #require(services.pluginFiles.first)
        #expect(FileManager.default.fileExists(atPath: file.path))
        let value = await services.followUps.active.all.first?.plugin.value(of: RecordingPlugin.note)
        #expect(value == "\"on every 7 ms\"", "the plugin's option reached it")
        #expect(await services.logout() == nil)
        #expect(log.logouts == 1)
        #expect(!FileManager.default.fileExists(atPath: file.path), "logout deletes the files every plugin declares")
    }

    @Test("a follow-up's choice and text options: parsed, refused with what is expected, in the help, handed to it as written")
    func choiceAndTextOptions() throws {
        let mode = PluginOption(name: "--mode", expected: "fast or slow", kind: .choice(["fast", "slow"]), defaultText: "slow", help: "how")
        let label = PluginOption(name: "--label", expected: "a label of at most 8 characters", kind: .text(maxLength: 8), defaultText: "none", help: "what")
        let registry = PluginFlags.registry([RecordingPlugin(log: PluginLog())])
        func parse(_ arguments: [String]) throws -> HostOptions {
            guard case .headless(let options) = try HostOptions.parse(["--headless"] + arguments, registry: registry, pluginOptions: [mode, label]) else {
                throw PluginHostError.notHeadless
            }
            return options
        }
        let given = try parse(["--mode", "fast", "--label", "café"])
        #expect(given.text(of: mode) == "fast" && given.text(of: label) == "café")
        #expect(try parse([]).text(of: mode) == "slow", "the default when not given")
        #expect(throws: ArgumentError.self) { try parse(["--mode", "medium"]) }
        #expect(throws: ArgumentError.self) { try parse(["--label", "far too long"]) }
        #expect(throws: ArgumentError.self) { try parse(["--label", "a\u{1B}[2J"]) }
        #expect(!label.accepts("x\u{200E}y"), "no invisible format characters either")
        #expect(!label.accepts("e" + String(repeating: "\u{301}", count: 1_000)), "one character of a thousand combining marks is a thousand scalars")
        let spec = FeedCommandSpec.command(plugins: [mode, label], registry: registry, headless: "")
        #expect(spec.options.first { $0.name == "--mode" }?.value == "fast|slow")
        #expect(spec.options.first { $0.name == "--label" }?.value == "TEXT")
    }

    @Test("shutdown reaches every active follow-up once; one that never finishes does not hold the app past the bound")
    func shutdownHook() async throws {
        let log = PluginLog()
        let plugin = RecordingPlugin(log: log)
        let services = try await AppServices.start(try options(["--headless", "--enable", "recording"], plugin: plugin), plugins: [plugin])
        defer { services.stop() }
        #expect(await services.shutdownPlugins(timeout: .seconds(30)))
        #expect(log.shutdowns == 1)
        log.hangsAtShutdown = true
        #expect(await services.shutdownPlugins(timeout: .milliseconds(100)) == false, "it ended at the bound, saying the follow-up did not finish")
        #expect(log.shutdowns == 2)
        let off = try await AppServices.start(try options(["--headless"], plugin: plugin), plugins: [plugin])
        defer { off.stop() }
        #expect(await off.shutdownPlugins(timeout: .milliseconds(1)), "nothing active: nothing to wait for")
        #expect(log.shutdowns == 2)
    }

    @Test("a follow-up's headless command takes the words it declares, handed over joined by one space")
    func headlessCommandWords() throws {
        let mute = HeadlessCommandSpec(name: "mute", usage: "mute NAME…", words: 1...3)
        let profile = HeadlessCommandSpec(name: "profile", usage: "profile ID", takesPost: true)
        func parsed(_ line: String) -> String {
            switch HeadlessCommand.parse(line, extra: [mute, profile]) {
            case .success(.plugin(let spec, let argument)): "\(spec.name):\(argument ?? "-")"
            case .success: "other"
            case .failure(let error): error.message
            }
        }
        #expect(parsed("mute  Ana   Lima ") == "mute:Ana Lima")
        #expect(parsed("mute a b c") == "mute:a b c")
        #expect(parsed("mute a b c d").hasPrefix("'mute' takes 1 to 3 words: mute NAME…; valid commands:"))
        #expect(parsed("mute").hasPrefix("'mute' takes 1 to 3 words"))
        #expect(parsed("profile p1") == "profile:p1")
        #expect(parsed("profile p1 p2").hasPrefix("'profile' needs one post ID, e.g. 'profile p1'"))
        let shadow = HeadlessCommandSpec(name: "see", usage: "see X", words: 1...1)
        guard case .success(.see(row: 3)) = HeadlessCommand.parse("see 3", extra: [shadow]) else {
            Issue.record("a follow-up's command never takes a built-in's name")
            return
        }
        let one = HeadlessCommandSpec(name: "unmute", usage: "unmute AUTHOR_ID", words: 1...1)
        guard case .failure(let error) = HeadlessCommand.parse("unmute", extra: [one]) else {
            Issue.record("a missing word is an error")
            return
        }
        #expect(error.message.hasPrefix("'unmute' takes 1 word: unmute AUTHOR_ID"), "not a post ID: its own usage, \(error.message)")
    }

    @Test func anOptionOutOfItsRangeIsAUsageError() throws {
        let plugin = RecordingPlugin(log: PluginLog())
        #expect(throws: (any Error).self) { try options(["--headless", "--ping-every", "11"], plugin: plugin) }
    }

    @Test func headlessKnowsAPluginsCommandsAndFieldsWhileItIsOff() async throws {
        let plugin = RecordingPlugin(log: PluginLog())
        let services = try await AppServices.start(try options(["--headless"], plugin: plugin), plugins: [plugin])
        defer { services.stop() }
        var app = HeadlessDriver.App()
        app.plugins = [plugin]
        var lines: [String] = []
        let driver = HeadlessDriver(feed: services.makeFeedViewModel(), write: { lines.append($0); return true }, app: app)
        await driver.run(AsyncStream { continuation in
            for line in ["state", "ping", "ping now", "quit"] { continuation.yield(line) }
            continuation.finish()
        })
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""note":"off""#))
        #expect(lines[1].contains("'ping' is part of recording, which is off; run with --enable recording"))
        #expect(lines[1].contains("valid commands: open, see N, refresh, retry, tap ID, original ID, settle [MS], state, ping, back"))
        #expect(lines[2].contains("'ping' takes no argument"))
    }
}

/// A screen of no posts a follow-up opens in headless mode: its state is its own fields.
@MainActor
private final class StatsScreen: HeadlessScreen {
    var name: String { "stats" }
    var stateFields: [(key: String, json: String)] { [("count", "3"), ("rows", "[\"not the host's\"]")] }
}

@MainActor
private struct StatsPlugin: FeaturePlugin {
    static let stats = HeadlessCommandSpec(name: "stats")
    var flag: PluginFlag { PluginFlag(key: "stats", owner: "devex", description: "Opens a screen of figures") }
    var headlessCommands: [HeadlessCommandSpec] { [Self.stats] }
    func activate(_ context: PluginContext) async -> any ActivePlugin { Active() }
    @MainActor final class Active: ActivePlugin {
        func perform(_ command: HeadlessCommandSpec, argument: String?, on driver: any HeadlessControl) async -> String? {
            driver.present(StatsScreen())
            return nil
        }
    }
}

@MainActor
@Suite struct HeadlessScreenOfAnyKindTests {
    @Test func aScreenOfNoPostsShowsItsOwnFieldsUnderItsNameAndTheHostKeepsItsKeys() async throws {
        let plugin = StatsPlugin()
        let command = try HostOptions.parse(
            ["--headless", "--enable", "stats", "--data-dir", TemporaryDirectory.make().path, "--photos", "off"],
            registry: PluginFlags.registry([plugin]), pluginOptions: [])
        guard case .headless(let options) = command else { throw PluginHostError.notHeadless }
        let services = try await AppServices.start(options, plugins: [plugin])
        defer { services.stop() }
        var app = HeadlessDriver.App()
        app.plugins = [plugin]
        app.active = services.followUps.active.all
        var lines: [String] = []
        let driver = HeadlessDriver(feed: services.makeFeedViewModel(), write: { lines.append($0); return true }, app: app)
        await driver.run(AsyncStream { continuation in
            for line in ["stats", "state", "tap p1", "back", "state", "quit"] { continuation.yield(line) }
            continuation.finish()
        })
        #expect(lines.count == 5, "\(lines)")
        let shown = try #require(lines.dropFirst().first)
        #expect(shown.contains(#""screen":"stats""#), "\(shown)")
        #expect(shown.contains(#""stats":{"rows":[],"initialLoad":"loaded","pagination":"end","message":null,"count":3}"#), "its own field; its rows stay the host's: \(shown)")
        #expect(lines[2].contains("unknown post 'p1'"), "no rows to tap: \(lines[2])")
        #expect(lines[4].contains(#""screen":"feed""#) && !lines[4].contains(#""stats":"#))
    }
}

/// A follow-up that hides the posts of some authors through the post pipeline.
@MainActor
private final class HiddenAuthors: PostFilter {
    var hidden: Set<String> = []
    func keeps(_ post: Post) -> Bool { !hidden.contains(post.author.id) }
}

@MainActor
private struct FilteringPlugin: FeaturePlugin {
    let filter: HiddenAuthors
    var flag: PluginFlag { PluginFlag(key: "filtering", owner: "feed", description: "Hides some authors") }
    func activate(_ context: PluginContext) async -> any ActivePlugin {
        context.postPipeline.add(filter)
        return Active()
    }
    @MainActor final class Active: ActivePlugin {}
}

@MainActor
@Suite struct PostPipelineHostTests {
    @Test func aFilterAFollowUpAddsDecidesWhatTheFeedShowsAndAChangeOfMindReachesItsRows() async throws {
        let filter = HiddenAuthors()
        let plugin = FilteringPlugin(filter: filter)
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-host-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let command = try HostOptions.parse(
            ["--headless", "--enable", "filtering", "--data-dir", data.path, "--photos", "off"], registry: PluginFlags.registry([plugin]), pluginOptions: [])
        guard case .headless(let options) = command else { throw PluginHostError.notHeadless }
        let services = try await AppServices.start(options, plugins: [plugin])
        defer { services.stop() }
        let model = services.makeFeedViewModel()
        await model.onAppear()?.value
        let author = try #require(model.viewState.rows.first?.authorID)
        let shown = model.viewState.rows.count
        #expect(model.viewState.rows.contains { $0.authorID == author })
        filter.hidden.insert(author)
        services.followUps.postPipeline.filtersChanged()
        #expect(!model.viewState.rows.contains { $0.authorID == author })
        #expect(model.viewState.rows.count < shown)
        await model.refresh().value
        #expect(!model.viewState.rows.isEmpty && !model.viewState.rows.contains { $0.authorID == author }, "a new first page passes the filter too")
    }
}

private enum PluginHostError: Error { case notHeadless }
