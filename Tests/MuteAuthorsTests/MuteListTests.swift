import FeedInterface
import FeedTesting
import Testing

@testable import MuteAuthors

/// The list as a filter of the post pipeline: a muted author's posts are not kept, every other's are.
@MainActor
@Suite struct MuteListTests {
    /// `FeedFixtures.post(n)` is by author `a(n % 7)`.
    private let byA1 = FeedFixtures.post(1)
    private let byA2 = FeedFixtures.post(2)
    private let alsoByA1 = FeedFixtures.post(8)

    @Test func anEmptyListKeepsEveryPost() {
        let list = MuteList()
        #expect(list.keeps(byA1) && list.keeps(byA2))
        #expect(list.authors.isEmpty)
    }

    @Test func aMutedAuthorsPostsAreNotKeptAndOthersAre() {
        let list = MuteList()
        #expect(list.mute("a1"))
        #expect(!list.keeps(byA1) && !list.keeps(alsoByA1), "every post of a1 goes")
        #expect(list.keeps(byA2))
        #expect(list.authors == ["a1"])
    }

    @Test func mutingTwiceKeepsOneEntryAndUnmutingBringsThePostsBack() {
        let list = MuteList(["a3"])
        #expect(list.mute("a1"))
        #expect(!list.mute("a1"), "already muted: nothing changes")
        #expect(list.authors == ["a3", "a1"], "oldest first")
        #expect(list.unmute("a1"))
        #expect(!list.unmute("a1"), "not muted any more")
        #expect(list.keeps(byA1))
        #expect(list.authors == ["a3"])
    }

    @Test func aListReadWithRepeatsKeepsEachAuthorOnce() {
        #expect(MuteList(["a1", "a2", "a1"]).authors == ["a1", "a2"])
    }

    @Test func aFullListRefusesAnotherAuthor() {
        let list = MuteList((0..<MutedAuthorsFile.maxAuthors).map { "u\($0)" })
        #expect(list.isFull)
        #expect(!list.mute("a1"))
        #expect(list.keeps(byA1))
        #expect(list.authors.count == MutedAuthorsFile.maxAuthors)
    }

    @Test func aListNoLongerAppliedKeepsEveryPost() {
        let list = MuteList(["a1"])
        list.isApplied = false
        #expect(list.keeps(byA1))
        #expect(list.contains("a1"), "the list itself stays")
    }
}
