@testable import FeedChaos
import Testing

/// The command line and what `feed-chaos` prints.
@Suite struct ChaosOptionsTests {
    @Test func optionsAreReadAndAReplayLineReproducesTheRun() throws {
        let options = try #require(try ChaosOptions.parse(["--sessions", "64", "--seed=9", "--commands", "60", "--lying-server"]))
        #expect(options.sessions == 64 && options.seed == 9 && options.commands == 60 && options.lyingServer)
        #expect(options.sessionIndexes.count == 64)
        let replay = options.replayLine(session: 17)
        let photos = PhotoAxis.draw(seed: 9, session: 17).on ? "on" : "off"
        #expect(replay == "feed-chaos --seed 9 --session 17 --commands 60 --lying-server --photos \(photos)")
        let again = try #require(try ChaosOptions.parse(Array(replay.split(separator: " ").dropFirst().map(String.init))))
        #expect(again.sessionIndexes == [17] && again.seed == 9 && again.commands == 60 && again.lyingServer)
        #expect(PhotoAxis.forSession(17, options: again) == PhotoAxis.forSession(17, options: options))
        #expect(try ChaosOptions.parse(["--help"]) == nil)
        #expect(options.replayLine(session: 17, twin: true) == replay + " --twin on")
        // The API is named as the session spoke it, and read back.
        let mastodon = options.replayLine(session: 17, twin: false, mastodon: true)
        #expect(mastodon == replay + " --twin off --api mastodon")
        #expect(try ChaosOptions.parse(mastodon.split(separator: " ").dropFirst().map(String.init))?.api == true)
        let twin = try #require(try ChaosOptions.parse((replay + " --twin off").split(separator: " ").dropFirst().map(String.init)))
        #expect(twin.twin == false && again.twin == nil)
        let stress = try #require(try ChaosOptions.parse(["--twins", "300", "--seed", "1", "--twin-session", "7"]))
        #expect(stress.twins == 300 && stress.twinSession == 7 && options.twins == nil)
    }

    @Test(arguments: [["--sessions", "0"], ["--commands", "five"], ["--bogus"], ["extra"], ["--trace=yes"], ["--photos", "maybe"], ["--twin", "maybe"], ["--twins", "0"], ["--twins", "many"]])
    func mistakesAreOneLineNamingTheOption(arguments: [String]) {
        #expect(throws: (any Error).self) { try ChaosOptions.parse(arguments) }
    }

    @Test func aStateLineIsReadAsTheHeadlessProtocolWritesIt() throws {
        let line = #"{"rows":[{"id":"p1","author":"Ana","caption":"…","likes":"1,412 likes","heart":"liked","aspectRatio":0.8,"photo":"none","pending":true}],"initialLoad":"loaded","pagination":"idle","refreshing":false,"message":null,"banner":null,"screen":"profile","photos":{"downloads":0},"queued":1,"pill":{"count":3},"profile":{"author":{"id":"u3","name":"Ana"},"rows":[],"initialLoad":"loading","pagination":"idle","message":null},"settled":true}"#
        let state = try #require(ClientState.parse(line))
        #expect(state.rows.first?.likeCount == 1_412 && state.rows.first?.liked == true && state.rows.first?.pending == true)
        #expect(state.queued == 1 && state.pill?.count == 3 && state.settled == true && state.profile?.author.id == "u3")
        #expect(state.shownRows.isEmpty, "the profile is the screen shown")
        #expect(ClientState.parse(#"{"error":"unknown command 'x'"}"#)?.error != nil)
        #expect(ClientState.parse("not json") == nil)
        #expect(ClientState.Row.count(in: "1 like") == 1 && ClientState.Row.count(in: "0 likes") == 0)
    }

    @Test func theSummaryCountsWhatTheSessionsDid() {
        var a = SessionResult(index: 0, flags: .with(["offline-pages"]))
        a.commands = 9_000
        a.checks = [.noDuplicates: 41_000, .heartsMatchServer: 230]
        var b = SessionResult(index: 1, flags: .with(["shared-post-store", "zeta-follow-up"]))
        b.commands = 812
        b.findings = [Finding(.noDuplicates, "p1 twice")]
        b.photos = PhotoAxis(on: true, hostileShare: 0.25, latencyMS: 0)
        b.twin = TwinAxis(on: true, secondShare: 0.5)
        a.api = APIAxis(mastodon: true)
        #expect(ChaosReport.summary([a, b]) == "2 sessions · 2 flag combinations · 1 with photos on · 1 with a twin · 1 on the Mastodon API · 9,812 commands · 41,230 checks · 1 violation")
        #expect(ChaosReport.sessionLine(a, seed: 1).contains(" · twin off · Mastodon API · "))
        #expect(ChaosReport.sessionLine(b, seed: 1).contains(" · photos on (25% hostile, +0ms) · twin on (50% to the second) · "))
        #expect(ChaosReport.violation(b, options: ChaosOptions()).first?.contains(", twin on (50% to the second), feed API, at command ") == true)
        #expect(ChaosReport.violation(b, options: ChaosOptions()).last?.hasSuffix(" --twin on --api feed") == true)
        #expect(ChaosReport.violation(a, options: ChaosOptions()).last?.hasSuffix(" --api mastodon") == true)
        b.photoStates = ["loading": 3, "failed": 1]
        b.slowestAnswerMS = 1_250
        b.maxResidentBytes = 60 << 20
        #expect(ChaosReport.photos([a, b]) == "photos (1 sessions): rows by photo state: failed 1, loading 3 · slowest answer 1,250 ms (bound 5,000) · highest client VmRSS at a settle 60.0 MiB (bound 200 MiB)")
        #expect(ChaosReport.photos([a]) == "photos: no session ran with photos on")
    }
}
