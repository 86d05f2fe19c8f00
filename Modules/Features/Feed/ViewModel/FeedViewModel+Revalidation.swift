import FeedInterface
import Foundation

/// Stale-while-revalidate without moving the reader: a first page that answers over rows shown is
/// taken in place while the reader is below the top (counts, hearts and captions change, no row
/// leaves), and a page in another order waits behind "Feed updated · r". The reader's place goes
/// to the memory, which keeps it; a return revalidates a stale feed.
extension FeedViewModel {
    /// Where the reader is now (`nil`: the top): the top visible post and its line offset.
    public var readerPlace: FeedPlace? { reader }

    /// How far what shows is trusted by age: the memory's rules, else the standard ones.
    var freshness: FeedFreshness { memory?.freshness ?? .standard }

    /// The reader is at `place` (`nil` or the first post at line 0: the top); the memory keeps it.
    public func readerMoved(to place: FeedPlace?) {
        reader = place.flatMap { $0.lineOffset == 0 && list.index(of: $0.post) == 0 ? nil : $0 }
    }

    /// Saves the reader's place beside the saved pages now (quit, suspend); the task ends once written.
    @discardableResult
    public func savePlace() -> Task<Void, Never>? {
        guard let memory, started, !list.rows.isEmpty else { return nil }
        return memory.save(place: reader)
    }

    /// The reader came back (SIGCONT, the screen shown again, the network back): a feed older than
    /// `freshFor` is revalidated, in place while the reader is below the top. `nil` when it is fresh.
    @discardableResult
    public func returned() -> Task<Void, Never>? {
        guard started, case .loaded = list.firstPage, !list.isLoading else { return nil }
        if let checkedAt, freshness.isFresh(checkedAt: checkedAt, now: now()) { return nil }
        return list.refresh()
    }

    /// Whether the reader is at the top of the feed.
    var readerIsAtTop: Bool {
        guard let reader, let index = list.index(of: reader.post) else { return true }
        return index == 0 && reader.lineOffset == 0
    }

    /// A first page answered over rows shown: below the top, its posts update the rows in place and,
    /// in another order (or in a new paging session, `startedOver`), "Feed updated · r" says a pull
    /// brings it; at the top it replaces the rows (`false`).
    func takeInPlace(_ answer: PageAwaitingLikes, startedOver: Bool = false) -> Bool {
        guard !readerIsAtTop, let stamp = firstPageStamp else { return false }
        var seen = Set<PostID>()
        let fresh = answer.page.posts.filter { seen.insert($0.id).inserted }
        let likes = answer.likes
        let received = posts.receive(fresh, requestedAt: stamp)
        for post in received where list.row(post.id) != nil {
            list.update(post.id) { row in
                row = row.showsContent(of: post) ? row : PostRow(post: post, pending: posts.isPending(post.id))
                row.show(post, pending: posts.isPending(post.id))
            }
        }
        let shownFresh = fresh.filter { list.row($0.id) != nil }
        let read = readHearts(of: shownFresh, with: likes, stamp: stamp)
        posts.release(fresh.map(\.id))
        let shownOrder = list.rows.prefix(fresh.count).map(\.id)
        let sameOrder = shownOrder == fresh.map(\.id) && !startedOver
        state.feedUpdated = !sameOrder
        state.firstPageLoaded()
        (refreshFailed, checkedAt, hiddenSavedAt) = (false, now(), nil)
        let update = saved(shownFresh, read: read, next: nil, stamp: stamp)
        memory?.updated(Task { await update.value.posts })
        succeeded(revalidate: false)
        return true
    }

    /// A page succeeded: after failures, the follow-ups hear the network is back, and a stale first
    /// page is revalidated once this answer is in.
    func succeeded(revalidate: Bool) {
        guard failedSinceSuccess else { return }
        failedSinceSuccess = false
        revalidateAfterAnswer = revalidate
        onRecovered()
    }

    /// Every answer: a pending revalidation starts, then idle waiters hear it.
    func answered() {
        if revalidateAfterAnswer {
            revalidateAfterAnswer = false
            if case .loaded = list.firstPage, !list.isLoading,
                checkedAt.map({ !freshness.isFresh(checkedAt: $0, now: now()) }) ?? true
            {
                list.refresh()
            }
        }
        notifyIfIdle()
    }
}
