import Observation
import Paging
import Testing

/// Rows removed from a list shown (a follow-up's filter changed its mind): the others keep their
/// order and stay indexed, the paging goes on where it was, and a later page appends after them.
@MainActor
@Suite struct PagedListRemoveTests {
    typealias List = PagedList<String, String, ScriptedPage, ScriptedRow>

    private func list(_ script: PageScript) -> List {
        let list = List(
            prefetchDistance: 1, refreshable: true, fetch: { try await script.fetch($0) },
            ids: \.ids, next: \.next, isCursorExpired: { $0 is CursorExpired })
        list.onRequest = { _ in { page, positions in positions.map { ScriptedRow(id: page.ids[$0], text: page.ids[$0]) } } }
        return list
    }

    @Test func removedRowsGoTheOthersAreIndexedAgainAndPagingGoesOn() async throws {
        let script = PageScript(pages: [ScriptedPage(ids: ["a", "b", "c", "d"], next: "1"), ScriptedPage(ids: ["e", "b"], next: nil)])
        let list = list(script)
        await list.refresh().value
        #expect(list.remove { $0.id == "b" || $0.id == "d" } == ["b", "d"])
        #expect(list.rows.map(\.id) == ["a", "c"])
        #expect(list.index(of: "a") == 0 && list.index(of: "c") == 1)
        #expect(list.index(of: "b") == nil && list.row("d") == nil)
        #expect(list.nextCursor == "1", "the cursor stays")
        #expect(list.remove { $0.id == "z" } == [], "nothing to remove changes nothing")
        await list.rowAppeared("c")?.value
        #expect(list.rows.map(\.id) == ["a", "c", "e", "b"], "a removed ID is no longer shown, so a later page may bring it back")
        #expect(list.index(of: "e") == 2 && list.index(of: "b") == 3)
        list.update("e") { $0.text = "changed" }
        #expect(list.row("e")?.text == "changed", "rows still change in place by ID")
    }

    @Test func observersHearOneChange() async throws {
        let list = list(PageScript(pages: [ScriptedPage(ids: ["a", "b", "c"], next: nil)]))
        await list.refresh().value
        let heard = Tally()
        withObservationTracking { _ = list.rows } onChange: { MainActor.assumeIsolated { heard.add(true) } }
        list.remove { $0.id != "b" }
        #expect(list.rows.map(\.id) == ["b"])
        #expect(heard.count == 1)
    }
}

/// A first page that shows nothing (its items filtered out before it came) is not the end of the
/// list: the next pages load, as many empty ones in a row as any page chain allows.
@MainActor
@Suite struct PagedListEmptyFirstPageTests {
    typealias List = PagedList<String, String, ScriptedPage, ScriptedRow>

    @Test func anEmptyFirstPageWithANextCursorLoadsTheNextPage() async throws {
        let script = PageScript(pages: [
            ScriptedPage(ids: [], next: "1"), ScriptedPage(ids: [], next: "2"), ScriptedPage(ids: ["c"], next: "3"), ScriptedPage(ids: ["d"], next: nil),
        ])
        let list = List(
            prefetchDistance: 0, refreshable: true, fetch: { try await script.fetch($0) }, ids: \.ids, next: \.next,
            isCursorExpired: { $0 is CursorExpired })
        list.onRequest = { _ in { page, positions in positions.map { ScriptedRow(id: page.ids[$0], text: page.ids[$0]) } } }
        await list.refresh().value
        while list.isLoading { await list.current?.value }
        #expect(list.rows.map(\.id) == ["c"])
        #expect(await script.requests == [nil, "1", "2"], "past the two empty pages, then waits for the reader")
    }

    @Test func anEmptyListStopsAfterTheLimitOfEmptyPages() async throws {
        let script = PageScript { cursor, call in ScriptedPage(ids: [], next: "\(call)") }
        let list = List(
            prefetchDistance: 0, refreshable: true, maxEmptyPagesInARow: 2, fetch: { try await script.fetch($0) }, ids: \.ids, next: \.next,
            isCursorExpired: { $0 is CursorExpired })
        list.onRequest = { _ in { page, positions in positions.map { ScriptedRow(id: page.ids[$0], text: page.ids[$0]) } } }
        await list.refresh().value
        while list.isLoading { await list.current?.value }
        #expect(list.rows.isEmpty)
        #expect(await script.requests.count == 3, "the first and two more empty pages, then it stops")
    }
}
