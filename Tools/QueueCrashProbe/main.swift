// `queue-crash-probe <db-path> <first-tap> <seed> <accept-every>`: taps likes through the offline
// queue forever, against an in-process likes store that is mostly unreachable, so a test can SIGKILL
// it at any moment and check that every acknowledged tap is in the outbox (or was sent).
//
// Tap k (from <first-tap> on) sets post `p<h(k) % 40>` to `h(k) >> 8 & 1` (h: SplitMix64 of seed
// and k). Lines, each one unbuffered write(2): `tap <k> <post> <0|1>` before the tap; `ack <k>
// <outcome>` once the queue answered; `sent <post> <0|1>` when the store accepted a write (every
// <accept-every>th write, none for 0; the others fail as if offline), printed before the queue
// hears the answer.
import FeedInterface
import Foundation
import LikesInterface
import OfflineQueue

/// One line on stdout, out as soon as it is written.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A likes store that accepts every `acceptEvery`th write (none for 0) and fails the others as if
/// there were no network.
actor ProbeLikes: LikesRepository {
    private let acceptEvery: Int
    private var calls = 0
    private var liked: Set<PostID> = []

    init(acceptEvery: Int) { self.acceptEvery = acceptEvery }

    func setLiked(_ wanted: Bool, post: PostID) async throws -> LikeResult {
        calls += 1
        guard acceptEvery > 0, calls % acceptEvery == 0 else { throw LikeError.notSent(reason: "no connection") }
        if wanted { liked.insert(post) } else { liked.remove(post) }
        say("sent \(post.rawValue) \(wanted ? 1 : 0)")
        return LikeResult(liked: wanted, likeCount: wanted ? 1 : 0)
    }
}

/// SplitMix64's output for `seed` and `k`: the same tap on every run.
func mix(_ seed: UInt64, _ k: Int) -> UInt64 {
    var z = seed &+ UInt64(truncatingIfNeeded: k) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 4, let first = Int(arguments[1]), let seed = UInt64(arguments[2]), let acceptEvery = Int(arguments[3]),
    acceptEvery >= 0
else {
    FileHandle.standardError.write(Data("usage: queue-crash-probe <db-path> <first-tap> <seed> <accept-every>\n".utf8))
    exit(2)
}

do {
    let configuration = OfflineQueueConfiguration(backoff: DrainBackoff(initial: .milliseconds(20), cap: .milliseconds(200)))
    let queue = try await OfflineLikeQueue.open(
        at: URL(fileURLWithPath: arguments[0]), owner: "probe", likes: ProbeLikes(acceptEvery: acceptEvery), configuration: configuration
    ) { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    await queue.start()
    var k = first
    while true {
        let h = mix(seed, k)
        let post = PostID("p\(h % 40)")
        let wanted = (h >> 8) & 1 == 1
        say("tap \(k) \(post.rawValue) \(wanted ? 1 : 0)")
        let outcome = await queue.setLiked(wanted, post: post)
        say("ack \(k) \(outcome)")
        k += 1
    }
} catch {
    FileHandle.standardError.write(Data("queue-crash-probe: \(error)\n".utf8))
    exit(1)
}
