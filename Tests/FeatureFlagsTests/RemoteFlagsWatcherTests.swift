import FeatureFlags
import Foundation
import Networking
import Testing
import TestingSupport

@Suite("Remote flags: start from the cache, watch live")
struct RemoteFlagsWatcherTests {
    private let body = #"{"flags":{"alpha":true,"gamma":false}}"#

    @Test("the next start uses the flags the last run fetched, without any request")
    func cachedFlagsFromAPreviousRun() async throws {
        let fixture = try WatcherFixture()
        let first = fixture.resolve()
        #expect(first.source(of: "alpha") == .defaultValue && first.diagnostics.isEmpty, "no cache yet: the defaults")
        let client = ScriptedHTTPClient([.reply(body, headers: ["ETag": #""v1""#])])
        await fixture.run(fixture.watcher(flags: first, client: client), client: client, fetches: 1)

        fixture.clock.advance(by: .seconds(300))
        let offline = ScriptedHTTPClient([.fail(.unreachable(host: "127.0.0.1", reason: "refused"))])
        let next = fixture.resolve()
        _ = fixture.watcher(flags: next, client: offline)
        #expect(offline.requests.isEmpty, "resolving at start never touches the network")
        #expect(next.isOn("alpha") && next.source(of: "alpha") == .remote)
        #expect(next.sourceDescription(of: "alpha") == "remote (cached 5 minutes ago)")
        #expect(!next.isOn("gamma") && next.sourceDescription(of: "gamma") == "remote (cached 5 minutes ago)")
        #expect(next.sourceDescription(of: "beta") == "default")
        #expect(next.remoteFetchedAt == fixture.clock.origin)
        #expect(next.diagnostics.isEmpty)
    }

    @Test("the background fetch saves a turn-on for the next start and leaves this run as it is")
    func turnOnWaitsForRestart() async throws {
        let fixture = try WatcherFixture()
        let start = fixture.resolve()
        let client = ScriptedHTTPClient([.reply(#"{"flags":{"alpha":true}}"#)])
        let watcher = fixture.watcher(flags: start, client: client)
        let updates = await fixture.run(watcher, client: client, fetches: 2)
        #expect(updates.isEmpty, "nothing was switched off")
        #expect(await !watcher.flags.isOn("alpha"), "a turn-on waits for the next start")
        let next = fixture.resolve()
        #expect(next.isOn("alpha") && next.source(of: "alpha") == .remote)
    }

    @Test("304 keeps the cache: same values and ETag, a new fetch time; If-None-Match is sent")
    func notModifiedKeepsTheCache() async throws {
        let fixture = try WatcherFixture()
        let seed = ScriptedHTTPClient([.reply(body, headers: ["ETag": #""v1""#])])
        await fixture.run(fixture.watcher(flags: fixture.resolve(), client: seed), client: seed, fetches: 1)
        #expect(seed.requests.first?.headers["If-None-Match"] == nil, "nothing cached, nothing to revalidate")
        let written = try fixture.cacheFile()

        fixture.clock.advance(by: .seconds(600))
        let client = ScriptedHTTPClient([.fail(.status(code: 304, message: nil))])
        let watcher = fixture.watcher(flags: fixture.resolve(), client: client)
        #expect(await watcher.refreshOnce() == .notModified)
        #expect(client.requests.first?.headers["If-None-Match"] == #""v1""#)
        let kept = try fixture.cacheFile()
        #expect(kept["etag"] as? String == #""v1""#)
        #expect(kept["flags"] as? [String: Bool] == written["flags"] as? [String: Bool])
        #expect(kept["fetchedAt"] as? Double == fixture.clock.date.timeIntervalSince1970)
        let next = fixture.resolve()
        #expect(next.isOn("alpha") && next.sourceDescription(of: "alpha") == "remote (cached just now)")
    }

    @Test("a kill switch the server turns off stops live, even over --enable")
    func killSwitchOffLive() async throws {
        let fixture = try WatcherFixture()
        let start = fixture.resolve(commandLine: CommandLineFlags(enabled: ["gamma"]))
        #expect(start.isOn("gamma"))
        let client = ScriptedHTTPClient([.reply(#"{"flags":{"gamma":true}}"#), .reply(#"{"flags":{"gamma":false}}"#)])
        let watcher = fixture.watcher(flags: start, client: client)
        let updates = await fixture.run(watcher, client: client, fetches: 2)
        let update = try #require(updates.first)
        #expect(updates.count == 1)
        #expect(update.turnedOff == ["gamma"])
        #expect(!update.flags.isOn("gamma") && update.flags.source(of: "gamma") == .remote)
        #expect(update.flags.sourceDescription(of: "gamma") == "remote kill switch (live)")
        #expect(update.flags.isOn("beta"), "the other flags stay as they were")
        #expect(await !watcher.flags.isOn("gamma"))
        #expect(fixture.reports.isEmpty)
    }

    @Test("the server's false stops a release flag on from config or default live, not one from the command line")
    func releaseFlagsOffLive() async throws {
        let fixture = try WatcherFixture()
        let config = try fixture.directory.write(#"{"flags":{"alpha":true}}"#)
        let start = fixture.resolve(environment: ["FEED_FLAGS": "-gamma"], configFile: config)
        #expect(start.isOn("alpha") && start.isOn("beta"))
        let client = ScriptedHTTPClient([.reply(#"{"flags":{"alpha":false,"beta":false,"gamma":true}}"#)])
        let watcher = fixture.watcher(flags: start, client: client)
        let updates = await fixture.run(watcher, client: client, fetches: 1)
        #expect(updates.map(\.turnedOff) == [["alpha", "beta"]])
        #expect(updates.first?.onAtNextStart == [], "gamma is off from FEED_FLAGS, above the remote")

        let cli = CommandLineFlags(enabled: ["alpha"])
        let pinned = fixture.watcher(flags: fixture.resolve(commandLine: cli), client: client)
        #expect(await pinned.refreshOnce() == .unchanged)
        #expect(await pinned.flags.isOn("alpha"), "the command line outranks the server for a release flag")
    }

    @Test("a flag turned on remotely is listed for the next start when something else turns off")
    func turnOnListedWithTurnOff() async throws {
        let fixture = try WatcherFixture()
        let client = ScriptedHTTPClient([.reply(#"{"flags":{"alpha":true}}"#), .reply(body)])
        let watcher = fixture.watcher(flags: fixture.resolve(), client: client)
        let updates = await fixture.run(watcher, client: client, fetches: 2)
        #expect(updates.count == 1)
        #expect(updates.first?.turnedOff == ["gamma"])
        #expect(updates.first?.onAtNextStart == ["alpha"])
        #expect(updates.first?.flags.isOn("alpha") == false)
    }

    @Test("fetches never overlap: the next waits for the last to end, and a manual one is refused meanwhile")
    func noOverlap() async throws {
        let fixture = try WatcherFixture()
        let gate = ScriptedHTTPClient.Gate(then: body)
        let client = ScriptedHTTPClient([.gated(gate), .reply(body)])
        let watcher = fixture.watcher(flags: fixture.resolve(), client: client)
        let task = Task { await watcher.run() }
        #expect(await eventually { client.requests.count == 1 })
        fixture.clock.advance(by: .seconds(3600))
        #expect(await watcher.refreshOnce() == .alreadyInFlight)
        #expect(client.requests.count == 1 && fixture.clock.sleeperCount == 0, "no timer runs while a fetch is under way")
        gate.release()
        #expect(await eventually { fixture.clock.sleeperCount == 1 })
        fixture.clock.advance(by: .seconds(300))
        #expect(await eventually { client.requests.count == 2 && fixture.clock.sleeperCount == 1 })
        #expect(client.mostInFlight == 1)
        task.cancel()
        await task.value
    }

    @Test("failures are silent and back off 2x, 4x... up to the cap, then the interval again")
    func backoff() async throws {
        let fixture = try WatcherFixture()
        let down = ScriptedHTTPClient.Step.fail(.unreachable(host: "127.0.0.1", reason: "connection refused"))
        let client = ScriptedHTTPClient([down, .fail(.status(code: 503, message: nil)), .fail(.timeout(seconds: 10)), down, down, .reply(body)])
        let watcher = fixture.watcher(flags: fixture.resolve(), client: client)
        let updates = await fixture.run(watcher, client: client, fetches: 6)
        #expect(fixture.clock.requestedSleeps == [600, 1200, 1800, 1800, 1800, 300].map { Duration.seconds($0) })
        #expect(fixture.reports.isEmpty, "network failures are not reported")
        #expect(updates.first?.turnedOff == ["gamma"], "the answer after the failures still applies")
    }

    @Test("with jitter, a wait after failures is between half and all of the backoff")
    func jitter() async throws {
        let fixture = try WatcherFixture()
        let client = ScriptedHTTPClient([.fail(.timeout(seconds: 10))])
        let watcher = fixture.watcher(
            flags: fixture.resolve(), client: client, configuration: .init(interval: .seconds(300), maxBackoff: .seconds(1800)))
        await fixture.run(watcher, client: client, fetches: 4)
        let expected: [Duration] = [.seconds(600), .seconds(1200), .seconds(1800), .seconds(1800)]
        for (wait, full) in zip(fixture.clock.requestedSleeps, expected) {
            #expect(wait >= full / 2 && wait <= full, "\(wait) for \(full)")
        }
    }

    @Test("a Retry-After the client could not wait out is honoured, up to the configured limit", arguments: [5_000, 90_000])
    func retryAfter(seconds: Int) async throws {
        let fixture = try WatcherFixture()
        let client = ScriptedHTTPClient([.fail(.retryAfterTooLong(seconds: seconds)), .reply(body)])
        let watcher = fixture.watcher(
            flags: fixture.resolve(), client: client,
            configuration: .init(
                interval: .seconds(300), maxBackoff: .seconds(1800), longestRetryAfter: .seconds(36_000), jitter: false))
        await fixture.run(watcher, client: client, fetches: 2)
        #expect(fixture.clock.requestedSleeps == [.seconds(min(seconds, 36_000)), .seconds(300)])
    }

    @Test("an answer that is refused is reported once, and the flags and cache stay as they were")
    func refusedBodyReportedOnce() async throws {
        let fixture = try WatcherFixture()
        let huge = #"{"flags":{"alpha":true,"pad":""# + String(repeating: "x", count: 300_000) + #""}}"#
        let client = ScriptedHTTPClient([.reply(huge), .reply(huge), .reply("not json")])
        let watcher = fixture.watcher(flags: fixture.resolve(), client: client)
        let updates = await fixture.run(watcher, client: client, fetches: 3)
        #expect(updates.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.cache.fileURL.path))
        #expect(
            fixture.reports == [
                "remote flags (GET /v1/flags) ignored: unexpected reply from the server at $: the reply is \(huge.utf8.count) bytes, over the 262144-byte limit; the flags in use stay as they are",
                "remote flags (GET /v1/flags) ignored: unexpected reply from the server at $: not valid JSON; the flags in use stay as they are",
            ])
        #expect(fixture.clock.requestedSleeps == [.seconds(600), .seconds(1200), .seconds(1800)], "a refused answer backs off too")
    }

    @Test("unknown keys and non-Boolean values in an answer are one line each, reported once")
    func answerDiagnostics() async throws {
        let fixture = try WatcherFixture()
        let unknown = (0..<10_000).map { #""u\#($0)":true"# }.joined(separator: ",")
        let client = ScriptedHTTPClient([.reply(#"{"flags":{"alpha":"yes","beta":1,\#(unknown)}}"#)])
        await fixture.run(fixture.watcher(flags: fixture.resolve(), client: client), client: client, fetches: 2)
        #expect(
            fixture.reports == [
                "remote flags (GET /v1/flags): 2 values are not true or false ('alpha', 'beta'); ignored",
                "remote flags (GET /v1/flags): 10000 unknown flags ignored ('u0', 'u1', 'u10', 'u100', 'u1000' and 9995 more); known flags: alpha, beta, gamma, later",
            ])
    }

    @Test("run finishes the updates stream when cancelled, and a second run returns at once")
    func runEnds() async throws {
        let fixture = try WatcherFixture()
        let client = ScriptedHTTPClient([.reply(body)])
        let watcher = fixture.watcher(flags: fixture.resolve(), client: client)
        let updates = await fixture.run(watcher, client: client, fetches: 1)
        #expect(updates.count == 1)
        await watcher.run()
        #expect(client.requests.count == 1)
    }

    @Test("the interval is at least one second")
    func intervalFloor() async throws {
        let fixture = try WatcherFixture()
        let client = ScriptedHTTPClient([.reply(body)])
        let watcher = fixture.watcher(
            flags: fixture.resolve(), client: client, configuration: .init(interval: .milliseconds(1), jitter: false))
        await fixture.run(watcher, client: client, fetches: 2)
        #expect(fixture.clock.requestedSleeps == [.seconds(1), .seconds(1)])
        #expect(client.requests.allSatisfy { $0.path == "/v1/flags" && $0.timeout == .seconds(10) && $0.retryLimit == 1 })
    }
}
