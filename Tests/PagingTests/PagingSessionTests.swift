import Paging
import Testing

@Suite struct PagingSessionTests {
    typealias Session = PagingSession<String, String>

    @Test func theFirstPageReplacesAndRepeatsWithinAPageShowOnce() throws {
        var session = Session()
        let first = session.startSession()
        let firstPage = session.acceptFirstPage(["a", "b", "a", "c"], next: "2", generation: first)
        #expect(firstPage == [0, 1, 3])
        #expect(session.count == 3)
        #expect(session.index(of: "c") == 2)
        #expect(session.next == "2")
        let refresh = session.startSession()
        #expect(session.count == 3, "rows stay until the new first page arrives")
        let refreshed = session.acceptFirstPage(["c", "d"], next: nil, generation: refresh)
        #expect(refreshed == [0, 1])
        #expect(session.index(of: "a") == nil)
        #expect(session.index(of: "d") == 1)
    }

    @Test func laterPagesDropIDsAlreadyShown() throws {
        var session = Session()
        let generation = session.startSession()
        _ = session.acceptFirstPage(["a", "b"], next: "2", generation: generation)
        let accepted = session.acceptNextPage(["b", "c", "d"], next: "3", generation: generation)
        let page = try #require(accepted)
        #expect(page.positions == [1, 2])
        #expect(!page.loadAnother)
        #expect(session.index(of: "d") == 3)
    }

    @Test func aStalePageIsDropped() {
        var session = Session()
        let old = session.startSession()
        _ = session.startSession()
        let staleFirst = session.acceptFirstPage(["a"], next: nil, generation: old)
        let staleNext = session.acceptNextPage(["a"], next: nil, generation: old)
        #expect(staleFirst == nil)
        #expect(staleNext == nil)
        #expect(session.count == 0)
    }

    @Test func aChainOfRepeatsIsBoundedAndNeverFollowsTheSameCursor() throws {
        var session = Session(maxEmptyPagesInARow: 2)
        let generation = session.startSession()
        _ = session.acceptFirstPage(["a"], next: "1", generation: generation)
        func next(_ ids: [String], _ cursor: String?) -> (positions: [Int], loadAnother: Bool)? {
            session.acceptNextPage(ids, next: cursor, generation: generation)
        }
        #expect(next(["a"], "2")?.loadAnother == true)
        #expect(next(["a"], "3")?.loadAnother == true)
        #expect(next(["a"], "4")?.loadAnother == false, "the third empty page in a row stops")
        #expect(next(["b"], "5")?.positions == [0])
        #expect(next(["b"], "5")?.loadAnother == false, "the same cursor again stops")
        #expect(next(["b"], nil)?.loadAnother == false, "the end stops")
    }

    @Test func resetForgetsEverythingAndDropCursorForgetsTheCursor() {
        var session = Session()
        let generation = session.startSession()
        _ = session.acceptFirstPage(["a"], next: "1", generation: generation)
        session.dropCursor()
        #expect(session.next == nil)
        session.reset()
        #expect(session.count == 0)
        #expect(!session.isCurrent(generation))
    }
}
