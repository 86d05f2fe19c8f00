import Paging
import Testing

/// `keepsRows`: a first page over rows shown may be taken in place, keeping rows, index and cursor.
@MainActor
@Suite struct PagedListKeepRowsTests {
    typealias List = PagedList<String, String, ScriptedPage, ScriptedRow>

    private func list(_ script: PageScript) -> List {
        let list = List(
            prefetchDistance: 1, refreshable: true, fetch: { try await script.fetch($0) },
            ids: \.ids, next: \.next, isCursorExpired: { $0 is CursorExpired })
        list.onRequest = { _ in { page, positions in positions.map { ScriptedRow(id: page.ids[$0], text: page.ids[$0]) } } }
        return list
    }

    @Test func aKeptFirstPageLeavesTheRowsTheIndexAndTheCursorAndPagingGoesOn() async throws {
        let script = PageScript { cursor, _ in
            switch cursor {
            case nil: ScriptedPage(ids: ["x", "a"], next: "fresh")
            case "saved": ScriptedPage(ids: ["d", "e"], next: nil)
            default: ScriptedPage(ids: ["never"], next: nil)
            }
        }
        let list = list(script)
        list.show(first: ScriptedPage(ids: ["a", "b", "c"], next: "saved")) { page, positions in
            positions.map { ScriptedRow(id: page.ids[$0], text: page.ids[$0]) }
        }
        var offered: [[String]] = []
        list.keepsRows = { page in
            offered.append(page.ids)
            return true
        }
        await list.refresh().value
        #expect(offered == [["x", "a"]])
        #expect(list.rows.map(\.id) == ["a", "b", "c"], "the rows stay")
        #expect(list.index(of: "c") == 2)
        #expect(!list.isRefreshing)
        #expect(list.nextCursor == "saved", "paging goes on from where the rows end")
        await list.rowAppeared("c")?.value
        #expect(list.rows.map(\.id) == ["a", "b", "c", "d", "e"])
    }

    @Test func aFirstPageOverNoRowsIsNeverOfferedAndDeclinedOnesReplace() async throws {
        let script = PageScript(pages: [ScriptedPage(ids: ["a", "b"], next: nil)])
        let list = list(script)
        var asked = 0
        list.keepsRows = { _ in
            asked += 1
            return false
        }
        await list.refresh().value
        #expect(asked == 0, "nothing shown: nothing to keep")
        list.show(first: ScriptedPage(ids: ["z"], next: nil)) { page, positions in positions.map { ScriptedRow(id: page.ids[$0], text: page.ids[$0]) } }
        await list.refresh().value
        #expect(asked == 1)
        #expect(list.rows.map(\.id) == ["a", "b"], "declined: replaced")
    }
}
