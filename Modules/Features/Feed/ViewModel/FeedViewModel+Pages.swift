import FeedInterface
import Foundation
import Paging
import PostStoreInterface

/// How pages are taken in: a first page replaces the rows (through the post store as it stood when
/// it was asked for), a later page appends, a failure says so; each goes to the memory, if any.
extension FeedViewModel {
    /// A page request starts: returns how its page is taken in, through the post store as it stands now.
    func startPage(first: Bool) -> PagedList<PostID, Cursor, PageAwaitingLikes, PostRow>.Rows {
        let stamp = posts.stamp()
        if first { firstPageStamp = stamp }
        return { [weak self] page, positions in
            guard let self else { return [] }
            return first ? applyFirstPage(page, positions, stamp: stamp) : applyNextPage(page, positions, stamp: stamp)
        }
    }

    func applyFirstPage(_ page: PageAwaitingLikes, _ positions: [Int], stamp: PostStamp) -> [PostRow] {
        let (rows, kept) = show(first: page.page, positions, stamp: stamp)
        state.firstPageLoaded()
        refreshFailed = false
        if startingOver {
            startingOver = false
            state.message = .startedOver
        }
        (state.feedUpdated, reader, checkedAt, hiddenSavedAt) = (false, nil, now(), nil)
        succeeded(revalidate: false)
        let read = readHearts(of: kept, with: page.likes, stamp: stamp)
        memory?.replaced(with: saved(kept, read: read, next: page.page.next, stamp: stamp))
        return read == nil ? rows : rows.map(\.checkingUnknown)
    }

    func applyNextPage(_ page: PageAwaitingLikes, _ positions: [Int], stamp: PostStamp) -> [PostRow] {
        let kept = positions.map { page.page.posts[$0] }
        let rows = rows(posts.receive(kept, requestedAt: stamp))
        let read = readHearts(of: kept, with: page.likes, stamp: stamp)
        memory?.appended(saved(kept, read: read, next: page.page.next, stamp: stamp))
        if case .nextPageFailed = state.message { state.message = nil }
        if let since = waitingAtEndSince {
            waitingAtEndSince = nil
            onWaitedAtEnd(.now - since)
        }
        succeeded(revalidate: true)
        return read == nil ? rows : rows.map(\.checkingUnknown)
    }

    func failPage(_ error: FeedError, isFirst: Bool) {
        failedSinceSuccess = true
        waitingAtEndSince = nil
        if isFirst, list.rows.isEmpty, hiddenSavedAt != nil {
            state.message = .savedFeedTooOld(error)
        } else if !isFirst {
            state.message = .nextPageFailed(error)
        } else {
            refreshFailed = !list.rows.isEmpty
            state.firstPageFailed(error, rowsShown: !list.rows.isEmpty, savedAt: memory?.savedAt)
        }
    }

    /// The rows of the first page's posts at `positions`, shown through the post store, which lets go of the rows before.
    func show(first page: FeedPage, _ positions: [Int], stamp: PostStamp) -> (rows: [PostRow], kept: [Post]) {
        let (kept, old) = (positions.map { page.posts[$0] }, list.rows.map(\.id))
        let rows = rows(posts.receive(kept, requestedAt: stamp))
        posts.release(old)
        return (rows, kept)
    }

    func rows(_ shown: [Post]) -> [PostRow] { shown.map { PostRow(post: $0, pending: posts.isPending($0.id)) } }

    /// A heart or count changed in the store: only that row changes, and the memory hears it.
    func apply(_ changes: [PostStoreChange]) {
        list.update(changes.map(\.id)) { $1.show(like: changes[$0].like, likeCount: changes[$0].likeCount, pending: changes[$0].pending) }
        if let memory { for change in changes { memory.changed(change) } }
    }
}
