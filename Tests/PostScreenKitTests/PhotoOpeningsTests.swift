import FeedInterface
import FeedTesting
import PluginInterface
import PostScreenKit
import Testing
import TestingSupport

@Suite("photo openings: one at a time per post")
@MainActor
struct PhotoOpeningsTests {
    /// An opener that holds each opening until its gate opens, then answers `problem`.
    private final class HeldOpener: PhotoOpener {
        let gate = Gate()
        let calls = CallCounter()
        let problem: String?

        init(problem: String?) { self.problem = problem }

        func open(_ row: PostRow) async -> String? {
            await calls.increment()
            await gate.wait()
            return problem
        }
    }

    @Test("a second opening of a post still opening does nothing; another post opens; the end is told")
    func oneAtATime() async throws {
        let opener = HeldOpener(problem: nil)
        let openings = PhotoOpenings(opener: opener)
        let first = PostRow(post: FeedFixtures.post(1))
        var ended: [String?] = []
        #expect(openings.open(first) { ended.append($0) })
        #expect(openings.isOpening(first.id))
        #expect(!openings.open(first) { ended.append($0) })
        await opener.gate.open()
        await openings.last?.value
        #expect(ended == [nil])
        #expect(!openings.isOpening(first.id))
        #expect(await opener.calls.value == 1)
        #expect(openings.open(first) { _ in })
        await openings.last?.value
        #expect(await opener.calls.value == 2)
    }

    @Test("a failure's line reaches the screen")
    func failure() async {
        let opener = HeldOpener(problem: "xdg-open found no program for photos (exit 3)")
        await opener.gate.open()
        let openings = PhotoOpenings(opener: opener)
        var ended: [String?] = []
        openings.open(PostRow(post: FeedFixtures.post(2))) { ended.append($0) }
        await openings.last?.value
        #expect(ended == ["xdg-open found no program for photos (exit 3)"])
    }
}
