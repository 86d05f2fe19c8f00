@testable import FeedChaos
import Testing

/// The seeded plan: flag combinations, faults and script steps are the same on every run.
@Suite struct ChaosPlanTests {
    @Test(arguments: [UInt64(1), 7, 20_260_101, .max])
    func everyBlockOfSixteenSessionsCoversEveryFlagCombination(seed: UInt64) {
        for block in 0..<4 {
            let flags = Set((block * 16..<(block + 1) * 16).map { FlagSet.forSession($0, seed: seed) })
            #expect(flags.count == 16)
        }
        #expect(FlagSet.forSession(37, seed: seed) == FlagSet.forSession(37, seed: seed), "a replay gets the same flags")
    }

    @Test func flagArgumentsNameEveryFollowUpOnceOnOrOff() {
        let flags = FlagSet(bits: 0b0101)
        #expect(flags.arguments == [
            "--enable", "shared-post-store", "--disable", "offline-pages", "--enable", "persistent-like-queue", "--disable", "new-posts-pill",
        ])
        #expect(flags.description == "shared-post-store+persistent-like-queue")
        #expect(FlagSet(bits: 0).description == "no follow-up")
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
        let without = ScriptPlanner(flags: FlagSet(bits: 0))
        let with = ScriptPlanner(flags: FlagSet(bits: 1))
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
        let planner = ScriptPlanner(flags: FlagSet(bits: 0xF))
        var a = ChaosRandom(seed: 5, stream: 1)
        var b = ChaosRandom(seed: 5, stream: 1)
        for _ in 0..<200 {
            #expect(planner.next(StepDraws(&a), state: state, hidden: false) == planner.next(StepDraws(&b), state: state, hidden: false))
        }
    }
}
