import Database
import FeedInterface
import Foundation
import ProcessTesting
import OfflinePages
import OfflinePagesInterface
import Testing
import TestingSupport

/// What one run of the probe printed before it was killed.
private struct KilledRun: Sendable {
    let reachedLines: Bool
    let killedBySignal: Bool
    let lastPrinted: Int?
}

@Suite("Store: SIGKILL in the middle of replaceAll never leaves a mix", .heavy)
struct CrashSafetyTests {
    static let runs = 25
    static let seed: UInt64 = 0x0FF1_11E5_CAFE

    @Test("25 runs of cache-crash-probe killed at seeded moments: always exactly one whole generation")
    func sigkill() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("crash/feed.sqlite")
        var random = SplitMix64(seed: Self.seed)
        var found: [Int] = []
        var newerThanPrinted = 0
        for run in 1...Self.runs {
            let lines = Int.random(in: 1...250, using: &random)
            let delay = UInt32.random(in: 0...3000, using: &random)
            let path = url.path
            let killed = try await onOwnThread { () throws -> KilledRun in
                let probe = try ProbeProcess("CacheCrashProbe", arguments: [path])
                let reached = probe.waitForLines(lines, deadline: Date() + 60)
                if reached { usleep(delay) }  // the deliberate, seeded kill moment
                let bySignal = probe.sigkill(deadline: Date() + 60)
                return KilledRun(reachedLines: reached, killedBySignal: bySignal, lastPrinted: probe.printed.last.flatMap { Int($0) })
            }
            try #require(killed.reachedLines, "run \(run): the probe did not print \(lines) lines (\(ProbeProcess.executable("CacheCrashProbe").path))")
            try #require(killed.killedBySignal, "run \(run): the probe ended before SIGKILL")
            let printed = try #require(killed.lastPrinted, "run \(run): no generation printed")

            let warnings = WarningLog()
            let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
            let saved = try #require(try await cache.load(), "run \(run): nothing saved")
            #expect(warnings.all.isEmpty, "run \(run): \(warnings.all)")
            let k = try Self.generation(of: saved, run: run)
            #expect(k == printed || k == printed + 1, "run \(run): generation \(k) after printing \(printed)")
            if k == printed + 1 { newerThanPrinted += 1 }
            found.append(k)
            let raw = try Connection(path: url.path)
            #expect(try raw.integrityCheck() == [], "run \(run)")
        }
        print("crash test: \(Self.runs) runs (seed \(Self.seed)); generations found \(found); \(newerThanPrinted) committed but not yet printed")
    }

    /// The one generation `saved` holds, after checking every post, the order, the cursor and the time agree.
    private static func generation(of saved: CachedFeed, run: Int) throws -> Int {
        let first = try #require(saved.posts.first?.id.rawValue, "run \(run): no posts")
        let k = try #require(Int(first.dropFirst().prefix { $0 != "-" }), "run \(run): id \(first)")
        #expect(saved.posts.count == 20, "run \(run)")
        #expect(saved.posts.map(\.id.rawValue) == (1...20).map { "g\(k)-\($0)" }, "run \(run): a mix")
        #expect(saved.posts.map(\.caption) == (1...20).map { "generation \(k) post \($0)" }, "run \(run)")
        #expect(saved.posts.map(\.likeCount) == (1...20).map { k * 100 + $0 }, "run \(run)")
        #expect(saved.posts.allSatisfy { $0.like == LikeState(k % 2 == 0) }, "run \(run)")
        #expect(saved.next == Cursor("after-g\(k)"), "run \(run)")
        #expect(saved.savedAt == Date(timeIntervalSinceReferenceDate: Double(k)), "run \(run)")
        return k
    }
}
