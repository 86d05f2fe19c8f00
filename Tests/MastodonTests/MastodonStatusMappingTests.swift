import FeedInterface
import Foundation
import ImageCodec
import Testing

@testable import Mastodon

/// Statuses recorded from a real Mastodon 4.7.3 server, mapped to posts.
@Suite("a Mastodon status as a post, from recorded traffic")
struct MastodonStatusMappingTests {
    private func statuses(_ name: String) throws -> [MastodonStatusDTO] {
        let body = try RecordedExchange(name).body
        if let list = try? JSONDecoder().decode([MastodonStatusDTO].self, from: body) { return list }
        return [try JSONDecoder().decode(MastodonStatusDTO.self, from: body)]
    }

    /// `name`'s recorded status as JSON, changed by `edit`, decoded again.
    private func edited(_ name: String, _ edit: (inout [String: Any]) throws -> Void) throws -> MastodonStatusDTO {
        let body = try RecordedExchange(name).body
        var object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        try edit(&object)
        return try JSONDecoder().decode(MastodonStatusDTO.self, from: JSONSerialization.data(withJSONObject: object))
    }

    private func object(_ name: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: RecordedExchange(name).body) as? [String: Any])
    }

    @Test("a status with two photos: the first is the post's, with its size, renditions and BlurHash colour")
    func photoStatus() throws {
        let dto = try #require(try statuses("media_post_multiple").first)
        let status = try #require(MastodonStatusMapping.status(from: dto))
        let post = status.post
        #expect(post.id == PostID("117440821412413892"))
        #expect(post.author == Author(id: "117440810532227399", name: "John Lennon"))
        #expect(status.handle == "@mastodonpy_test")
        #expect(post.caption == "LOL check this out")
        let image = try #require(post.image)
        #expect(image.url.absoluteString.hasSuffix("/original/7393c15e151594fe.jpg"))
        #expect(image.width == 600 && image.height == 600)
        #expect(image.renditions.map(\.width) == [480, 600])
        #expect(image.renditions.first?.url.absoluteString.hasSuffix("/small/7393c15e151594fe.jpg") == true)
        let hash = try #require(BlurHash("UGC~-#M{0JfkNFofR%M{IURj%Mt7E0oM%MR*"))
        #expect(image.blurHash == "UGC~-#M{0JfkNFofR%M{IURj%Mt7E0oM%MR*")
        #expect(image.placeholder == PhotoColor(red: hash.averageColour.red, green: hash.averageColour.green, blue: hash.averageColour.blue))
        #expect(post.like == .notLiked && post.likeCount == 0 && post.commentCount == 0)
        #expect(post.createdAt == MastodonStatusMapping.date(iso8601: "2026-10-14T19:05:21.259Z"))
        #expect(post.createdAt != nil)
        #expect(post.notes == .none)
    }

    @Test("a sensitive photo says so; an empty display name gives way to the account")
    func sensitive() throws {
        let dto = try #require(try statuses("status_sensitive_image").first)
        let status = try #require(MastodonStatusMapping.status(from: dto))
        #expect(status.post.notes.sensitive && status.post.notes.contentWarning == nil)
        #expect(status.post.author.name == "mastodonpy_test_2")
        #expect(status.post.caption == "oh no!")
    }

    @Test("the recorded home timeline holds text only: each status is a text post, without a photo box")
    func textOnly() throws {
        let page = try statuses("home_timeline")
        #expect(page.count == 11)
        let posts = page.compactMap(MastodonStatusMapping.status(from:)).map(\.post)
        #expect(posts.count == 11)
        #expect(posts.allSatisfy { $0.image == nil && !$0.notes.sensitive })
        #expect(posts.contains { !$0.caption.isEmpty })
    }

    @Test("a boost shows the boosted status, with who boosted it")
    func boost() throws {
        let photo = try object("media_post_multiple")
        let boost = try edited("status_reblog") { $0["reblog"] = photo }
        let status = try #require(MastodonStatusMapping.status(from: boost))
        #expect(status.post.id == PostID("117440821412413892"), "the boosted status's own id, so its favourite is the original's")
        #expect(status.post.notes.boostedBy == "John Lennon")
    }

    @Test("a content warning is kept to hide the caption and photo")
    func contentWarning() throws {
        let photo = try object("media_post_multiple")
        let warned = try edited("status_content_warning") { $0["media_attachments"] = photo["media_attachments"] }
        let post = try #require(MastodonStatusMapping.status(from: warned)).post
        #expect(post.notes.contentWarning == "Content warning" && post.image != nil)
        #expect(post.caption.isEmpty == false, "the caption is kept; the screen hides it until revealed")
    }

    @Test("hostile fields drop the status, never trap: no account, a non-http photo, a video only, a size out of range")
    func hostile() throws {
        #expect(MastodonStatusMapping.status(from: try edited("media_post_multiple") { $0["account"] = nil }) == nil)
        let ftp = try edited("media_post_multiple") { object in
            var media = try #require(object["media_attachments"] as? [[String: Any]])
            for index in media.indices { media[index]["url"] = "ftp://example.com/a.jpg" }
            object["media_attachments"] = media
        }
        #expect(MastodonStatusMapping.status(from: ftp) == nil)
        let video = try edited("media_post_multiple") { object in
            var media = try #require(object["media_attachments"] as? [[String: Any]])
            for index in media.indices { media[index]["type"] = "video" }
            object["media_attachments"] = media
        }
        #expect(try #require(MastodonStatusMapping.status(from: video)).post.image == nil, "a video is not drawn: the status is a text post")
        let huge = try edited("media_post_multiple") { object in
            var media = try #require(object["media_attachments"] as? [[String: Any]])
            for index in media.indices { media[index]["meta"] = ["original": ["width": Int.max, "height": 600]] }
            object["media_attachments"] = media
        }
        #expect(MastodonStatusMapping.status(from: huge) == nil)
        let long = try edited("media_post_multiple") { object in
            object["spoiler_text"] = String(repeating: "w", count: 100_000) + "\u{1b}[2J"
            var account = try #require(object["account"] as? [String: Any])
            account["acct"] = String(repeating: "a", count: 10_000)
            object["account"] = account
        }
        let bounded = try #require(MastodonStatusMapping.status(from: long))
        #expect((bounded.post.notes.contentWarning?.count ?? 0) <= 501 && bounded.handle.count <= 102)
        #expect(bounded.post.notes.contentWarning?.contains("\u{1b}") == false)
        let negative = try edited("media_post_multiple") { $0["favourites_count"] = -5; $0["replies_count"] = -1 }
        let post = try #require(MastodonStatusMapping.status(from: negative)).post
        #expect(post.likeCount == 0 && post.commentCount == nil)
    }
}
