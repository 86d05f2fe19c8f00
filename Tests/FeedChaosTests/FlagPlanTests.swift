@testable import FeedChaos
import Foundation
import ProcessTesting
import Testing

/// The flags a run takes from the build, and the combinations its sessions cover.
@Suite struct FlagPlanTests {
    static func keys(_ count: Int) -> [String] { (0..<count).map { "flag-\($0)" } }

    @Test(arguments: [UInt64(1), 7, 20_250_101, .max])
    func upToFiveFlagsEveryBlockTakesEveryCombinationOnce(seed: UInt64) {
        for count in 0...5 {
            let plan = FlagPlan(keys: Self.keys(count), seed: seed)
            #expect(plan.isExhaustive && plan.blockSize == 1 << count)
            for block in 0..<3 {
                let flags = Set((block * plan.blockSize..<(block + 1) * plan.blockSize).map(plan.forSession))
                #expect(flags.count == 1 << count, "\(count) flags, block \(block)")
            }
        }
        let four = FlagPlan(keys: Self.keys(4), seed: seed)
        #expect(four.forSession(37) == FlagPlan(keys: Self.keys(4), seed: seed).forSession(37), "a replay gets the same flags")
        #expect(Set((0..<16).map(four.forSession)).count == 16, "16 sessions cover every combination of 4 flags")
    }

    @Test(arguments: [6, 7, 9, 12, 20])
    func pastFiveFlagsEveryBlockCoversEveryPairOfFlagsInAllFourValuePairs(count: Int) {
        for seed in [UInt64(1), 20_250_101] {
            let plan = FlagPlan(keys: Self.keys(count), seed: seed)
            #expect(!plan.isExhaustive)
            #expect(plan.blockSize <= 4 + 2 * count, "a small sample: \(plan.blockSize) rows for \(count) flags")
            for block in 0..<3 {
                let sets = (block * plan.blockSize..<(block + 1) * plan.blockSize).map(plan.forSession)
                #expect(Set(sets).count == plan.blockSize, "no combination twice in a block")
                #expect(sets.contains { $0.values.allSatisfy { $0 } } && sets.contains { $0.values.allSatisfy { !$0 } })
                for i in 0..<count {
                    for j in (i + 1)..<count {
                        let pairs = Set(sets.map { [$0.values[i], $0.values[j]] })
                        #expect(pairs.count == 4, "flags \(i) and \(j), block \(block), seed \(seed)")
                    }
                }
            }
            #expect(plan.forSession(41) == FlagPlan(keys: Self.keys(count), seed: seed).forSession(41), "a replay gets the same flags")
        }
    }

    @Test func theStartLineNamesTheFlagsAndTheCombinations() {
        let four = FlagPlan(keys: ["a", "b", "c", "d"], seed: 1).describe(notBuilt: ["later"])
        #expect(four == "flags from feed flags --json (4): a, b, c, d · not built, left off: later · 16 combinations: each block of 16 sessions takes every one once")
        let seven = FlagPlan(keys: Self.keys(7), seed: 1)
        #expect(seven.describe(notBuilt: []).contains("\(seven.blockSize) of 128 combinations per block of \(seven.blockSize) sessions"))
    }

    @Test func theBuildsFlagsAreReadFromFeedFlagsJSON() throws {
        let json = #"{"diagnostics":[],"flags":[{"built":true,"description":"A","key":"alpha","killSwitch":true,"kind":"kill-switch","owner":"Feed","source":"default","sourceDetail":"default","value":false},{"built":true,"description":"B","key":"beta","killSwitch":false,"kind":"release","owner":"Likes","source":"cli","sourceDetail":"cli","value":true},{"built":false,"description":"L","key":"later","killSwitch":false,"kind":"release","owner":"Store","source":"default","sourceDetail":"default","value":false}]}"#
        let build = try BuildFlags.parse(Data(json.utf8))
        #expect(build.built == ["alpha", "beta"])
        #expect(build.notBuilt == ["later"])
        #expect(throws: (any Error).self) { try BuildFlags.parse(Data(#"{"rows":[]}"#.utf8)) }
    }
}
