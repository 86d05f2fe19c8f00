import FeedInterface
import Paging
import PostScreenKit
import Testing

@Suite("a paged list's states in the feed's terms")
struct PageStatesTests {
    private struct Broken: Error {}

    @Test("the first page's states, a failure as a feed error")
    func firstPage() {
        #expect(LoadState(FirstPageState.loading) == .loading)
        #expect(LoadState(FirstPageState.loaded) == .loaded)
        #expect(LoadState(FirstPageState.failed(FeedError.cursorExpired)) == .failed(.cursorExpired))
        #expect(LoadState(FirstPageState.failed(CancellationError())) == .failed(.cancelled))
        guard case .failed(.server(let reason)) = LoadState(FirstPageState.failed(Broken())) else {
            Issue.record("a foreign error is not a server error")
            return
        }
        #expect(reason.contains("Broken"))
    }

    @Test("later pages' states")
    func nextPages() {
        #expect(PaginationState(NextPageState.idle) == .idle)
        #expect(PaginationState(NextPageState.loading) == .loading)
        #expect(PaginationState(NextPageState.end) == .end)
        #expect(PaginationState(NextPageState.failed(FeedError.offline(reason: "no network"))) == .failed(.offline(reason: "no network")))
    }
}
