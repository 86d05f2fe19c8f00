import Observation
import Paging
import Testing

@MainActor
@Suite struct PagedListTests {
    typealias List = PagedList<String, String, ScriptedPage, ScriptedRow>

    /// A list over `script` whose rows are their IDs, counting the failures it reports.
    private func list(_ script: PageScript, refreshable: Bool = true, failures: Tally? = nil) -> List {
        let list = List(
            prefetchDistance: 1, refreshable: refreshable, fetch: { try await script.fetch($0) },
            ids: \.ids, next: \.next, isCursorExpired: { $0 is CursorExpired })
        list.onRequest = { _ in { page, positions in positions.map { ScriptedRow(id: page.ids[$0], text: page.ids[$0]) } } }
        list.onFailure = { _, first in failures?.add(first) }
        return list
    }

    @Test func repeatsAreDroppedWithinAndAcrossPages() async throws {
        let script = PageScript(pages: [ScriptedPage(ids: ["a", "b", "a"], next: "1"), ScriptedPage(ids: ["b", "c", "c", "d"], next: nil)])
        let list = list(script)
        await list.refresh().value
        #expect(list.rows.map(\.id) == ["a", "b"])
        await list.rowAppeared("b")?.value
        #expect(list.rows.map(\.id) == ["a", "b", "c", "d"])
        #expect(list.index(of: "c") == 2)
        guard case .end = list.nextPage else { Issue.record("the last page ends the list, not \(list.nextPage)"); return }
    }

    @Test func aPageOfAnOlderSessionIsDropped() async throws {
        let script = PageScript { cursor, call in
            cursor == nil ? ScriptedPage(ids: call == 1 ? ["a", "b"] : ["x", "y"], next: "1") : ScriptedPage(ids: ["stale"], next: nil)
        }
        let list = list(script)
        await list.refresh().value
        await script.hold(call: 2)
        let stale = try #require(list.rowAppeared("b"))
        let before = list.generation
        let refresh = list.refresh()
        #expect(list.generation == before + 1)
        #expect(list.isRefreshing)
        #expect(list.rows.map(\.id) == ["a", "b"], "the rows stay until the new first page")
        await script.release(call: 2)
        await stale.value
        await refresh.value
        #expect(list.rows.map(\.id) == ["x", "y"])
        #expect(list.index(of: "stale") == nil)
        #expect(await script.requests == [nil, "1", nil])
    }

    @Test func oneLoadAtATimeMarkedBeforeAnyAwait() async throws {
        let script = PageScript(pages: [ScriptedPage(ids: ["a", "b", "c"], next: "1"), ScriptedPage(ids: ["d"], next: nil)])
        let list = list(script)
        #expect(list.loadNextPage() == nil, "nothing loads before the first page")
        await list.refresh().value
        #expect(list.rowAppeared("b") == nil, "only the last row is near enough")
        await script.hold(call: 2)
        let load = try #require(list.rowAppeared("c"))
        guard case .loading = list.nextPage else { Issue.record("marked loading at once, not \(list.nextPage)"); return }
        #expect(list.rowAppeared("c") == nil)
        #expect(list.loadNextPage() == nil)
        await script.release(call: 2)
        await load.value
        #expect(list.rows.count == 4)
        #expect(list.loadNextPage() == nil, "nothing loads after the end")
        #expect(await script.requests == [nil, "1"])
    }

    @Test func anExpiredCursorStartsOverKeepingTheRows() async throws {
        let script = PageScript { cursor, call in
            if cursor != nil { throw CursorExpired() }
            return ScriptedPage(ids: call == 1 ? ["a", "b"] : ["b", "c"], next: "1")
        }
        let failures = Tally()
        let list = list(script, failures: failures)
        await list.refresh().value
        await script.hold(call: 3)
        await list.rowAppeared("b")?.value
        #expect(list.isRefreshing, "the first page loads again over the rows")
        #expect(list.rows.map(\.id) == ["a", "b"])
        await script.release(call: 3)
        await list.current?.value
        #expect(list.rows.map(\.id) == ["b", "c"])
        #expect(!list.isRefreshing)
        #expect(await script.requests == [nil, "1", nil], "the dead cursor is never sent again")
        #expect(failures.count == 0, "starting over is no failure")
    }

    @Test func aFailedPageWaitsForRetry() async throws {
        let script = PageScript { cursor, call in
            if call == 1 || call == 3 { throw TestFailure() }
            return cursor == nil ? ScriptedPage(ids: ["a", "b"], next: "1") : ScriptedPage(ids: ["c"], next: nil)
        }
        let failures = Tally()
        let list = list(script, failures: failures)
        #expect(list.retry() == nil, "nothing failed")
        await list.refresh().value
        guard case .failed = list.firstPage else { Issue.record("the first page failed, not \(list.firstPage)"); return }
        await list.retry()?.value
        #expect(list.rows.map(\.id) == ["a", "b"])
        await list.rowAppeared("b")?.value
        guard case .failed = list.nextPage else { Issue.record("the next page failed, not \(list.nextPage)"); return }
        #expect(list.rowAppeared("b") == nil, "a failed page waits for retry")
        await list.retry()?.value
        #expect(list.rows.map(\.id) == ["a", "b", "c"])
        #expect(failures.firsts == [true, false])
        #expect(await script.requests == [nil, nil, "1", "1"])
    }

    @Test func aFailedFirstPageOverRowsKeepsThemOnlyWhenRefreshable() async throws {
        for refreshable in [true, false] {
            let script = PageScript { _, call in
                if call == 2 { throw TestFailure() }
                return ScriptedPage(ids: ["a"], next: "1")
            }
            let list = list(script, refreshable: refreshable)
            await list.refresh().value
            await list.refresh().value
            #expect(list.rows.map(\.id) == ["a"])
            #expect(!list.isRefreshing)
            switch (refreshable, list.firstPage) {
            case (true, .loaded), (false, .failed): break
            default: Issue.record("refreshable \(refreshable): \(list.firstPage)")
            }
        }
    }

    @Test func anUpdateChangesOnlyItsRowAndResetForgetsAll() async throws {
        let script = PageScript(pages: [ScriptedPage(ids: ["a", "b"], next: "1")])
        let list = list(script)
        list.show(first: ScriptedPage(ids: ["s"], next: nil)) { page, positions in positions.map { ScriptedRow(id: page.ids[$0], text: "saved") } }
        #expect(list.row("s")?.text == "saved")
        await list.refresh().value
        list.update("b") { $0.text = "liked" }
        list.update("s") { $0.text = "gone" }
        #expect(list.rows == [ScriptedRow(id: "a", text: "a"), ScriptedRow(id: "b", text: "liked")])
        list.reset()
        #expect(list.rows.isEmpty)
        #expect(list.index(of: "a") == nil)
        guard case .loading = list.firstPage else { Issue.record("a reset list is as new, not \(list.firstPage)"); return }
    }

    @Test func anObserverOfTheRowsHearsOfAPage() async throws {
        let script = PageScript(pages: [ScriptedPage(ids: ["a"], next: "1"), ScriptedPage(ids: ["b"], next: nil)])
        let list = list(script)
        await list.refresh().value
        let heard = Tally()
        withObservationTracking { _ = list.rows } onChange: { MainActor.assumeIsolated { heard.add(false) } }
        await list.rowAppeared("a")?.value
        #expect(heard.count == 1)
        #expect(list.rows.map(\.id) == ["a", "b"])
    }
}
