import FeedInterface
import LikesInterface

/// What the stream reads on its own besides the events: the posts an event said changed, and the
/// count of newer posts an event did not count.
extension LiveConnection {
    /// Reads the hearts and counts of posts that changed on the server and shows them in place: one
    /// read at a time, `countsLimit` posts a read, the posts changed meanwhile in the next.
    func readChanged(_ ids: Set<PostID>) {
        changedPending.formUnion(ids)
        guard !readingChanged else { return }
        readingChanged = true
        let dialect = dialect
        Task { [weak self] in
            while let self, !self.changedPending.isEmpty, !self.isOff {
                let ids = Array(self.changedPending.prefix(max(1, dialect.countsLimit)))
                self.changedPending.subtract(ids)
                guard let read = try? await dialect.counts(of: ids), !self.isOff else { continue }
                let counts = read.mapValues { LikeResult(liked: $0.liked, likeCount: $0.likeCount, version: $0.version) }
                for store in self.targets.stores() { store.updateServerLikes(counts) }
            }
            self?.readingChanged = false
        }
    }

    /// A `new-posts` event: its count when it counted from the first row, else one count read —
    /// one at a time, at most one every `newPostsCountInterval` of the dialect, the events that
    /// came meanwhile counted by one more read after it.
    func newPosts(_ posts: (newest: PostID, count: Int?, above: PostID?)) {
        guard let first = targets.newestShown() else { return }
        if let count = posts.count, posts.above == first { return targets.relay.push(count, since: first) }
        countWanted = true
        guard !counting else { return }
        counting = true
        let (counter, pause, sleep) = (targets.newPosts, dialect.newPostsCountInterval, sleep)
        Task { [weak self] in
            while let self, self.countWanted, !self.isOff {
                self.countWanted = false
                guard let first = self.targets.newestShown() else { break }
                if let count = try? await counter.newPostCount(since: first), self.targets.newestShown() == first {
                    self.targets.relay.push(count, since: first)
                }
                // The dialect's pause (none for the feed API, whose events count); events during it wait for the next read.
                guard pause > .zero else { break }
                do { try await sleep(pause) } catch { break }
            }
            self?.counting = false
        }
    }
}
