import Database
import FeedInterface
import Foundation
import LikesInterface
import Networking
import ProcessTesting
import Testing
import TestingSupport

@testable import OfflineQueue

/// What one run of the probe printed before it was killed.
private struct KilledRun: Sendable {
    let reachedLines: Bool
    let killedBySignal: Bool
    let lines: [String]
}

/// What the user wants per post as far as the test knows, from the probe's lines and the outbox.
private struct Expectations {
    /// The wanted state of each post's latest committed tap.
    var wanted: [String: Bool] = [:]
    /// The state of each post's latest accepted write, over all runs.
    var lastSent: [String: Bool] = [:]
    /// The next tap number.
    var nextTap = 1

    /// Reads one run's lines; returns the tap that was printed but not acknowledged, if any.
    mutating func read(_ lines: [String]) -> (post: String, wanted: Bool)? {
        var open: (k: Int, post: String, wanted: Bool)?
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case "tap" where words.count == 4:
                open = (Int(words[1]) ?? 0, words[2], words[3] == "1")
                nextTap = max(nextTap, (Int(words[1]) ?? 0) + 1)
            case "ack" where words.count >= 3:
                if let tap = open, tap.k == Int(words[1]) { wanted[tap.post] = tap.wanted }
                open = nil
            case "sent" where words.count == 3:
                lastSent[words[1]] = words[2] == "1"
            default:
                break
            }
        }
        return open.map { ($0.post, $0.wanted) }
    }
}

@Suite("OfflineQueue: SIGKILL while tapping never loses an acknowledged like", .heavy)
struct CrashSafetyTests {
    static let runs = 25
    static let seed: UInt64 = 0x0FF1_11E0_0EE0

    @Test("25 runs of queue-crash-probe killed at seeded moments, then one drain against a loopback server")
    func sigkill() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("crash/likes.sqlite")
        var random = SplitMix64(seed: Self.seed)
        var model = Expectations()
        var inProgressCommitted = 0
        for run in 1...Self.runs {
            let lines = Int.random(in: 5...200, using: &random)
            let delay = UInt32.random(in: 0...3000, using: &random)
            // Odd runs are offline; even runs reach the store on every fifth write.
            let arguments = ["\(model.nextTap)", "\(Self.seed)", run % 2 == 1 ? "0" : "5"]
            let path = url.path
            let killed = try await onOwnThread { () throws -> KilledRun in
                let probe = try ProbeProcess("QueueCrashProbe", arguments: [path] + arguments)
                let reached = probe.waitForLines(lines, deadline: Date() + 60)
                if reached { usleep(delay) }  // the deliberate, seeded kill moment
                let bySignal = probe.sigkill(deadline: Date() + 60)
                return KilledRun(reachedLines: reached, killedBySignal: bySignal, lines: probe.printed)
            }
            try #require(killed.reachedLines, "run \(run): the probe did not print \(lines) lines (\(ProbeProcess.executable("QueueCrashProbe").path))")
            try #require(killed.killedBySignal, "run \(run): the probe ended before SIGKILL")
            let unacknowledged = model.read(killed.lines)

            let raw = try Connection(path: url.path)
            #expect(try raw.integrityCheck() == [], "run \(run)")
            let rows = try Dictionary(uniqueKeysWithValues: raw.query("SELECT post_id, wanted FROM outbox WHERE settled = 0") { row in
                (try row.column(0, as: String.self), try row.column(1, as: Bool.self))
            })
            raw.close()
            var posts = Set(model.wanted.keys)
            if let unacknowledged { posts.insert(unacknowledged.post) }
            #expect(Set(rows.keys).isSubset(of: posts), "run \(run): rows for posts never tapped: \(rows.keys.sorted())")
            for post in posts.sorted() {
                // The outbox, or else the last write the store accepted, holds what the user last wanted.
                let observed = rows[post] ?? model.lastSent[post]
                var allowed: Set<Bool?> = [model.wanted[post]]
                if let unacknowledged, unacknowledged.post == post { allowed.insert(unacknowledged.wanted) }
                #expect(allowed.contains(observed), "run \(run): \(post) holds \(String(describing: observed)), expected one of \(allowed)")
                if let unacknowledged, unacknowledged.post == post, observed == unacknowledged.wanted, observed != model.wanted[post] {
                    inProgressCommitted += 1
                }
                model.wanted[post] = observed
            }
        }

        // Every like still in the outbox reaches a real server once, with the last wanted state.
        let queued = try rawRows(url)
        let server = try LoopbackLikeServer()
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: server.baseURL, timeout: .seconds(10)))
        let warnings = WarningLog()
        let queue = try await OfflineLikeQueue.open(at: url, owner: "probe", likes: HTTPLikes(http: http), warn: warnings.sink)
        await queue.drain()
        #expect(warnings.all.isEmpty)
        #expect(await queue.count == 0)
        #expect(try rawRows(url) == [])
        let writes = server.writes
        #expect(writes.map(\.post).sorted() == queued.map(\.post), "one write per queued post")
        #expect(Dictionary(uniqueKeysWithValues: writes.map { ($0.post, $0.liked) }) == Dictionary(uniqueKeysWithValues: queued.map { ($0.post, $0.wanted) }))
        for (post, wanted) in model.wanted {
            let final = writes.last { $0.post == post }?.liked ?? model.lastSent[post]
            #expect(final == wanted, "\(post): the server ends on \(String(describing: final)), the user wanted \(wanted)")
        }
        print("queue crash test: \(Self.runs) runs (seed \(Self.seed)); \(model.nextTap - 1) taps; \(queued.count) likes drained at the end; \(inProgressCommitted) committed but not yet acknowledged")
    }
}
