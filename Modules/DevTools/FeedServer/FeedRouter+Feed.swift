import Foundation
import HTTPServer

/// The page routes: the feed, an author's posts and the count of newer posts.
extension FeedRouter {
    func feed(_ request: HTTPServerRequest) -> HTTPServerResponse {
        guard let limit = Self.limit(request) else { return Self.badLimit(request) }
        let cursor: FeedCursor?
        if let text = request.queryValue("cursor") {
            guard let parsed = FeedCursor(encoded: text) else {
                return Self.error(400, "the cursor is not one this server made; load the first page without a cursor")
            }
            cursor = parsed
        } else {
            cursor = nil
        }
        let result = state.withLock { state -> (page: FeedServerDTO.Page, malformed: Bool)? in
            let position: FeedCursor
            if let cursor {
                guard cursor.session > state.forgottenSessions, cursor.session <= state.sessions,
                    cursor.offset <= state.postCount(session: cursor.session)
                else { return nil }
                position = cursor
            } else {
                state.sessions += 1
                position = FeedCursor(session: state.sessions, offset: 0)
            }
            let count = state.postCount(session: position.session)
            let repeats = position.offset > 0 ? min(max(0, state.faults.repeatIDs), limit - 1, position.offset) : 0
            let start = position.offset - repeats
            let end = min(count, start + limit)
            let items = (start..<end).map { offset in
                item(state.post(at: offset, session: position.session), in: state)
            }
            let next = end < count ? FeedCursor(session: position.session, offset: end).encoded : nil
            return (FeedServerDTO.Page(items: items, nextCursor: next), state.faults.malformedFeed)
        }
        guard let result else {
            return Self.error(400, "the cursor is unknown to this server (it may have restarted); load the first page without a cursor")
        }
        if result.malformed {
            return .json(200, Data(#"{"items":[{"id":"p1","author":{"id":"u1","name":"#.utf8))
        }
        return Self.json(200, result.page)
    }

    /// `GET /v1/users/{id}/posts`: the author's posts, newest (highest number) first. The cursor
    /// names the last post shown, so posts published meanwhile never shift or repeat a page.
    func userPosts(_ userID: String, _ request: HTTPServerRequest) -> HTTPServerResponse {
        guard let limit = Self.limit(request) else { return Self.badLimit(request) }
        let cursorText = request.queryValue("cursor")
        let result = state.withLock { state -> HTTPServerResponse in
            guard let indexes = state.catalog.postsByAuthor[userID] else {
                return Self.error(404, "no user with id \(userID)")
            }
            var end = indexes.count
            if let cursorText {
                guard let cursor = UserPostsCursor(encoded: cursorText), cursor.userID == userID,
                      (0..<state.catalog.posts.count).contains(cursor.before)
                else {
                    return Self.error(400, "the cursor is not one this server made for user \(userID); load the first page without a cursor")
                }
                end = Self.partitionPoint(indexes) { $0 < cursor.before }
            }
            let start = max(0, end - limit)
            let items = indexes[start..<end].reversed().map { item($0, in: state) }
            let next = start > 0 ? UserPostsCursor(userID: userID, before: indexes[start]).encoded : nil
            return Self.json(200, FeedServerDTO.Page(items: items, nextCursor: next))
        }
        return result
    }

    func newCount(_ request: HTTPServerRequest) -> HTTPServerResponse {
        guard let since = request.queryValue("since"), !since.isEmpty else {
            return Self.error(400, "since is required: the id of the newest post the client shows, e.g. since=p1")
        }
        let position = state.withLock { state in
            state.catalog.indexByID[since].map { state.freshPosition(of: $0) }
        }
        guard let position else { return Self.error(404, "no post with id \(since)") }
        return Self.json(200, FeedServerDTO.NewCount(count: position))
    }

    /// The wire form of post `index` with its current like count.
    func item(_ index: Int, in state: FeedServerState) -> FeedServerDTO.Item {
        let post = state.catalog.posts[index]
        return FeedServerDTO.Item(
            id: post.id,
            author: FeedServerDTO.Author(id: post.authorID, name: post.authorName),
            caption: post.caption,
            image: FeedServerDTO.Image(
                url: photoURL(post.id), width: post.width, height: post.height,
                placeholder: PhotoScene(seed: seed, id: post.id).dominantColor,
                renditions: renditions(of: post)),
            likeCount: state.likeCounts[index],
            commentCount: post.commentCount,
            createdAt: Date(timeIntervalSince1970: state.createdAt(of: index).rounded(.down))
                .formatted(Date.ISO8601FormatStyle())
        )
    }

    /// The widths a photo is offered at: the usual ones narrower than the original, then the original.
    func renditions(of post: ServerPost) -> [FeedServerDTO.Rendition] {
        let url = photoURL(post.id)
        let narrower = [150, 300, 600, 1080].filter { $0 < post.width }.map { FeedServerDTO.Rendition(width: $0, url: "\(url)?w=\($0)") }
        return narrower + [FeedServerDTO.Rendition(width: post.width, url: url)]
    }

    /// The first index of the sorted `values` where `belongsBefore` is false.
    private static func partitionPoint(_ values: [Int], _ belongsBefore: (Int) -> Bool) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if belongsBefore(values[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
