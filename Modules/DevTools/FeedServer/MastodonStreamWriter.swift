import Foundation
import HTTPServer

/// Writes one stream of the Mastodon dialect (`GET /api/v1/streaming/user|public|public/local|
/// hashtag`) on its connection's thread, from the events the feed API's stream publishes: a new
/// post is an `update` with its status, a like count that changed a `status.update` (where real
/// Mastodon sends one only for an edit: the reference server shows counts in place this way),
/// rendered with the user's `favourited` on the user stream only, as Mastodon renders public
/// streams for nobody. Mastodon numbers no event: a stream starts from now. A `:thump` comment
/// after every quiet keep-alive interval; it ends when the client goes, the server stops or
/// switches `live-updates` off. Returns why it ended.
struct MastodonStreamWriter {
    let router: FeedRouter
    let writer: HTTPStreamWriter
    let channel: MastodonRoute.Channel

    private struct LikeEvent: Decodable { let id: String }

    func run() -> String {
        // From now: taken before the greeting, so nothing published once the client saw it is missed.
        var last = router.live.latestID
        var posts = router.postCount()
        // Mastodon's streaming server greets each stream with a comment at once.
        guard writer.write(Data(":)\n".utf8)) else { return "the client went away" }
        var quietSince = ContinuousClock.now
        while true {
            let faults = router.faults
            if faults.flags["live-updates"] == false { return "live-updates switched off" }
            guard writer.isOpen else { return "the client went away" }
            var text = ""
            switch router.live.next(after: last, timeout: 0.2) {
            case .reset(let latest):
                // Mastodon has no resume: what was missed is read again by the client on its own.
                last = latest
            case .events(let events):
                for event in events { text += message(for: event, posts: &posts) }
                last = events.last?.id ?? last
            }
            if text.isEmpty, ContinuousClock.now - quietSince >= .milliseconds(max(10, faults.liveKeepAliveMS)) { text = ":thump\n\n" }
            guard !text.isEmpty else { continue }
            guard writer.write(Data(text.utf8)) else { return "the client went away" }
            quietSince = ContinuousClock.now
        }
    }

    /// The Mastodon messages for one event of the feed API's stream, or nothing; `posts` is how
    /// many posts the stream has sent `update`s for (or found at its start).
    private func message(for event: LiveHub.Event, posts: inout Int) -> String {
        let forUser = channel == .user
        switch event.name {
        case "new-posts":
            // One `update` a post published since the last (the newest 40 at most), oldest first.
            let (statuses, count) = router.mastodonStatuses(publishedAfter: posts, forUser: forUser, tag: channel.tag)
            posts = count
            return statuses.map { "event: update\ndata: \($0)\n\n" }.joined()
        case "likes":
            guard let like = try? JSONDecoder().decode(LikeEvent.self, from: Data(event.data.utf8)),
                let status = router.mastodonStatus(ofPost: like.id, forUser: forUser, tag: channel.tag)
            else { return "" }
            return "event: status.update\ndata: \(status)\n\n"
        default:
            return ""
        }
    }
}
