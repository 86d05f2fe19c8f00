import FeedInterface
import Foundation
import Networking
import NetworkingTesting
import Testing
@testable import Mastodon

/// The Mastodon streaming dialect over recorded streams of a real Mastodon 4.7.3 server: which
/// stream each timeline opens, what each event says, how counts are read again.
@Suite("the Mastodon streaming dialect")
struct MastodonLiveDialectTests {
    /// The messages of a recorded stream's text: (event, data), comments left out.
    private func messages(_ name: String) throws -> [(event: String, data: String)] {
        let text = String(decoding: try RecordedExchange(name).body, as: UTF8.self)
        return text.components(separatedBy: "\n\n").compactMap { block in
            var event: String?, data: [String] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
            }
            return event.map { ($0, data.joined(separator: "\n")) }
        }
    }

    private func dialect(_ timeline: MastodonTimeline = .home, onlyPhotos: Bool = false, http: any HTTPClient = FakeHTTPClient.json("[]")) -> MastodonLiveDialect {
        MastodonLiveDialect(http: http, timeline: timeline, onlyPhotos: onlyPhotos)
    }

    @Test("each timeline opens its stream: user, public, public/local, hashtag; only_media with --only-photos")
    func streams() {
        #expect(dialect(.home).stream(after: 7, newestShown: "1").pathSegments == ["api", "v1", "streaming", "user"])
        #expect(dialect(.public).stream(after: 0, newestShown: nil).pathSegments == ["api", "v1", "streaming", "public"])
        let local = dialect(.local, onlyPhotos: true).stream(after: 0, newestShown: nil)
        #expect(local.pathSegments == ["api", "v1", "streaming", "public", "local"] && local.query == [URLQueryItem(name: "only_media", value: "true")])
        let tag = dialect(.tag("cats")).stream(after: 0, newestShown: nil)
        #expect(tag.pathSegments == ["api", "v1", "streaming", "hashtag"] && tag.query == [URLQueryItem(name: "tag", value: "cats")])
    }

    @Test("a recorded user stream: two updates for the pill, notifications skipped, an edit read again, a delete")
    func recordedUserStream() throws {
        let decoded = try messages("streaming_user").map { dialect().decode(event: $0.event, data: $0.data) }
        let deleted = PostID("117440836281096378")
        #expect(decoded == [
            .event(.newPosts(newest: deleted, count: nil, above: nil)),
            .skipped,
            .event(.newPosts(newest: "117440836493608216", count: nil, above: nil)),
            .skipped,
            .event(.changed(deleted)),
            .event(.deleted(deleted)),
        ])
    }

    @Test("a recorded public/local stream, a text status then a photo: two updates, only the photo with --only-photos")
    func recordedPublicStream() throws {
        let recorded = try messages("streaming_public_local")
        #expect(recorded.count == 2)
        #expect(recorded.map { dialect(.local).decode(event: $0.event, data: $0.data) }.allSatisfy {
            if case .event(.newPosts) = $0 { true } else { false }
        })
        let photos = recorded.map { dialect(.local, onlyPhotos: true).decode(event: $0.event, data: $0.data) }
        #expect(photos[0] == .skipped && photos[1] == .event(.newPosts(newest: "117446908388641599", count: nil, above: nil)))
    }

    @Test("hostile messages: a status that is none, a delete that is no id; an edit for nobody is read again; unknown events skip")
    func hostile() {
        let live = dialect()
        if case .malformed = live.decode(event: "update", data: "{\"id\":") {} else { Issue.record("a broken update is malformed") }
        if case .malformed = live.decode(event: "delete", data: "12\u{1b}]52;c;eA==\u{07}") {} else { Issue.record("a delete with control bytes is malformed") }
        if case .malformed = live.decode(event: "delete", data: String(repeating: "9", count: 300)) {} else { Issue.record("a delete too long is malformed") }
        #expect(live.decode(event: "delete", data: " 42\n") == .event(.deleted("42")))
        #expect(live.decode(event: "announcement", data: "{}") == .skipped)
        #expect(live.decode(event: "status.update", data: "{\"id\":\"5\"}") == .skipped, "no account: not a status the feed shows")
        let forNobody = #"{"id":"5","favourites_count":3,"account":{"id":"a","acct":"a"},"content":"<p>x</p>"}"#
        #expect(live.decode(event: "status.update", data: forNobody) == .event(.changed("5")), "its heart is read, never taken from the event")
    }

    @Test("counts are read 20 ids a request with id[]; a server without it is read one status at a time, the first 10")
    func counts() async throws {
        let status: @Sendable (Int) -> String = { id in #"{"id":"\#(id)","favourites_count":\#(id),"favourited":\#(id % 2 == 0),"account":{"id":"a","acct":"a"},"content":""}"# }
        let batch = FakeHTTPClient { request throws(HTTPError) in
            let ids = request.query.filter { $0.name == "id[]" }.compactMap { $0.value.flatMap(Int.init) }
            return HTTPResponse(status: 200, headers: [:], body: Data(("[" + ids.map(status).joined(separator: ",") + "]").utf8))
        }
        let ids = (1...25).map { PostID(String($0)) }
        let read = try await dialect(http: batch).counts(of: ids)
        #expect(read.count == 25 && read["4"] == ServerLikes(liked: true, likeCount: 4) && read["5"] == ServerLikes(liked: false, likeCount: 5))
        let requests = await batch.requests
        #expect(requests.count == 2 && requests[0].path == "/api/v1/statuses" && requests[0].query.count == 20)
        let old = FakeHTTPClient { request throws(HTTPError) in
            guard let id = Int(request.path.split(separator: "/").last ?? "") else { throw .status(code: 404, message: nil) }
            return HTTPResponse(status: 200, headers: [:], body: Data(status(id).utf8))
        }
        let singly = try await dialect(http: old).counts(of: ids)
        #expect(singly.count == 10 && singly["10"] == ServerLikes(liked: true, likeCount: 10))
        #expect(await old.requests.count == 11)
    }
}
