@testable import FeedChaos
import Testing

/// The seeded plan: flags, faults and script steps are the same on every run.
@Suite struct ChaosPlanTests {
    @Test func flagArgumentsNameEveryFlagOfTheBuildOnceOnOrOff() {
        let flags = FlagSet(keys: ["alpha", "beta", "gamma"], on: ["alpha", "gamma"])
        #expect(flags.arguments == ["--enable", "alpha", "--disable", "beta", "--enable", "gamma"])
        #expect(flags.description == "alpha+gamma")
        #expect(FlagSet(keys: ["alpha"], on: []).description == "no follow-up")
    }

    @Test func aFollowUpTheBuildDoesNotDeclareIsAnInactiveCapability() {
        let without = FlagSet(keys: ["offline-pages", "zeta-follow-up"], on: ["offline-pages", "zeta-follow-up"])
        #expect(without.offlinePages && !without.likeQueue && !without.sharedPostStore)
        #expect(FlagSet.with(["persistent-like-queue"]).likeQueue && !FlagSet.with(["persistent-like-queue"]).offlinePages)
        #expect(!FlagSet(keys: [], values: []).likeQueue && FlagSet(keys: [], values: []).arguments.isEmpty)
    }

    @Test func thePhotoAxisIsSeededPerSessionAndOnForAboutHalfWithHostilePhotos() throws {
        let axes = (0..<200).map { PhotoAxis.draw(seed: 42, session: $0) }
        #expect(axes == (0..<200).map { PhotoAxis.draw(seed: 42, session: $0) })
        let on = axes.filter(\.on)
        #expect((70...130).contains(on.count), "\(on.count) of 200")
        #expect(on.allSatisfy { $0.hostileShare > 0 } && axes.filter { !$0.on }.allSatisfy { $0 == .off })
        #expect(Set(on.map(\.latencyMS)).count > 1 && Set(on.map(\.hostileShare)).count > 1)
        #expect((0..<200).map { PhotoAxis.draw(seed: 43, session: $0) } != axes, "another seed, other axes")
        #expect(PhotoAxis.off.description == "photos off")
        #expect(PhotoAxis(on: true, hostileShare: 0.25, latencyMS: 50).description == "photos on (25% hostile, +50ms)")
        let forcedOff = try #require(try ChaosOptions.parse(["--photos", "off"]))
        let forcedOn = try #require(try ChaosOptions.parse(["--photos", "on"]))
        #expect((0..<20).allSatisfy { !PhotoAxis.forSession($0, options: forcedOff).on && PhotoAxis.forSession($0, options: forcedOn).on })
    }

    @Test func theTwinAxisIsSeededPerSessionOnlyWithTheLikeQueueAndOnForAboutHalf() throws {
        let queue = FlagSet.with(["persistent-like-queue", "offline-pages"])
        let axes = (0..<200).map { TwinAxis.draw(seed: 42, session: $0, flags: queue) }
        #expect(axes == (0..<200).map { TwinAxis.draw(seed: 42, session: $0, flags: queue) })
        let on = axes.filter(\.on)
        #expect((70...130).contains(on.count), "\(on.count) of 200")
        #expect(Set(on.map(\.secondShare)).count > 1 && axes.filter { !$0.on }.allSatisfy { $0 == .off })
        #expect((0..<200).map { TwinAxis.draw(seed: 43, session: $0, flags: queue) } != axes, "another seed, other axes")
        #expect((0..<200).allSatisfy { !TwinAxis.draw(seed: 42, session: $0, flags: .with(["offline-pages"])).on }, "no twin without the queue")
        #expect(TwinAxis.off.description == "twin off")
        #expect(TwinAxis(on: true, secondShare: 0.3).description == "twin on (30% to the second)")
        let forcedOff = try #require(try ChaosOptions.parse(["--twin", "off"]))
        let forcedOn = try #require(try ChaosOptions.parse(["--twin", "on"]))
        #expect((0..<20).allSatisfy { !TwinAxis.forSession($0, options: forcedOff, flags: queue).on && TwinAxis.forSession($0, options: forcedOn, flags: queue).on })
        #expect((0..<20).allSatisfy { !TwinAxis.forSession($0, options: forcedOn, flags: .allOff).on }, "forced on only where the queue is on")
    }

    @Test func theAPIAxisIsSeededForAboutAThirdOfTheSessionsWithoutATwinLiveUpdatesIncluded() throws {
        let flags = FlagSet.with(["offline-pages", "persistent-like-queue"])
        let axes = (0..<300).map { APIAxis.draw(seed: 42, session: $0, flags: flags, twin: .off) }
        #expect(axes == (0..<300).map { APIAxis.draw(seed: 42, session: $0, flags: flags, twin: .off) })
        #expect((70...130).contains(axes.filter(\.mastodon).count), "\(axes.filter(\.mastodon).count) of 300")
        let live = FlagSet(keys: FlagSet.fixtureKeys + ["live-updates"], on: ["live-updates"])
        let streamed = (0..<300).filter { APIAxis.draw(seed: 42, session: $0, flags: live, twin: .off).mastodon }.count
        #expect((70...130).contains(streamed), "live-updates streams the Mastodon dialect too: \(streamed) of 300")
        let twin = TwinAxis(on: true, secondShare: 0.5)
        #expect((0..<100).allSatisfy { !APIAxis.draw(seed: 42, session: $0, flags: flags, twin: twin).mastodon }, "never with a twin")
        let forced = try #require(try ChaosOptions.parse(["--api", "mastodon"]))
        #expect((0..<20).allSatisfy { APIAxis.forSession($0, options: forced, flags: flags, twin: .off).mastodon })
        #expect(APIAxis.forSession(0, options: forced, flags: live, twin: .off).mastodon)
        #expect(!APIAxis.forSession(0, options: forced, flags: flags, twin: twin).mastodon, "forced only where the session allows it")
        #expect(APIAxis(mastodon: true).arguments == ["--api", "mastodon"] && APIAxis.feed.arguments.isEmpty)
    }

    @Test func faultPhasesAreSeededAndTheHealthyOneHasNoFault() {
        var a = ChaosRandom(seed: 42, stream: 2)
        var b = ChaosRandom(seed: 42, stream: 2)
        let first = (0..<50).map { _ in FaultPhase.draw(&a) }
        #expect(first == (0..<50).map { _ in FaultPhase.draw(&b) })
        #expect(first.contains { $0.isHealthy } && first.contains { $0.down } && first.contains { !$0.isHealthy && !$0.down })
        #expect(FaultPhase().isHealthy && !FaultPhase().losesLikeReplies)
    }

    @Test func thePlannerTapsOnlyKnownHeartsAndOpensProfilesOnlyWithTheFlag() {
        var state = ClientState()
        state.rows = [
            .init(id: "p1", likes: "3 likes", heart: "unknown", pending: false),
            .init(id: "p2", likes: "4 likes", heart: "liked", pending: false),
        ]
        let without = ScriptPlanner(flags: .allOff)
        let with = ScriptPlanner(flags: .with(["shared-post-store"]))
        var random = ChaosRandom(seed: 9)
        var sawProfile = false
        for _ in 0..<2_000 {
            let draws = StepDraws(&random)
            if case .tapBurst(let post, let times) = without.next(draws, state: state, hidden: false) {
                #expect(post == "p2" && (1...7).contains(times))
            }
            if case .profile = without.next(draws, state: state, hidden: false) { Issue.record("a profile with the flag off") }
            if case .profile = with.next(draws, state: state, hidden: false) { sawProfile = true }
        }
        #expect(sawProfile)
    }

    @Test func theSameDrawsGiveTheSameStep() {
        var state = ClientState()
        state.rows = (1...30).map { .init(id: "p\($0)", likes: "1 like", heart: "notLiked", pending: false) }
        let planner = ScriptPlanner(flags: .allOn)
        var a = ChaosRandom(seed: 5, stream: 1)
        var b = ChaosRandom(seed: 5, stream: 1)
        for _ in 0..<200 {
            #expect(planner.next(StepDraws(&a), state: state, hidden: false) == planner.next(StepDraws(&b), state: state, hidden: false))
        }
    }
}
