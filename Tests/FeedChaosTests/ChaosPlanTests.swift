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
