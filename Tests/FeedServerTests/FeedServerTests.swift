import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import FeedServer
import HTTPServer
import Arguments
import Testing

@Suite("FeedServer data set")
struct FeedDatasetTests {
    @Test("the same seed gives the same posts; another seed differs")
    func determinism() {
        let first = FeedDataset(count: 500, seed: 1)
        let again = FeedDataset(count: 500, seed: 1)
        let other = FeedDataset(count: 500, seed: 2)
        #expect(first.posts == again.posts)
        #expect(first.posts != other.posts)
        #expect(first.posts.map(\.id) == (1...500).map { "p\($0)" })
        #expect(FeedRanking.order(count: 500, seed: 1, session: 3) == FeedRanking.order(count: 500, seed: 1, session: 3))
        #expect(FeedRanking.order(count: 500, seed: 1, session: 3) != FeedRanking.order(count: 500, seed: 1, session: 4))
    }

    @Test("posts are varied: captions, sizes, authors, counts and initial likes")
    func variety() {
        let posts = FeedDataset(count: 500, seed: 1).posts
        #expect(posts.contains { $0.caption.isEmpty })
        #expect(posts.contains { $0.caption.count >= 190 })
        #expect(posts.contains { $0.caption.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        #expect(posts.contains { $0.caption.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } })
        let sizes = Set(posts.map { "\($0.width)x\($0.height)" })
        #expect(sizes.isSuperset(of: ["1080x1350", "1080x1080", "1600x900"]))
        #expect(sizes.count > 3)
        #expect(Set(posts.map(\.authorID)).count >= 24)
        #expect(posts.allSatisfy { max($0.width, $0.height) <= 2400 }, "originals small enough to generate fast")
        #expect(posts.allSatisfy { (0...5000).contains($0.initialLikeCount) })
        #expect(posts.contains { $0.initialLikeCount > 1000 })
        let liked = posts.filter(\.initiallyLiked)
        #expect((60...140).contains(liked.count))
        #expect(liked.allSatisfy { $0.initialLikeCount >= 1 })
    }
}

@Suite("FeedServer feed route")
struct FeedRouteTests {
    @Test("paging walks all 500 posts once and ends with a null cursor")
    func pagingWalksAll() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let pages = try await walk(router, limit: 20)
        #expect(pages.count == 25)
        #expect(pages.allSatisfy { $0.count == 20 })
        let ids = pages.flatMap { $0 }
        #expect(ids.count == 500)
        #expect(Set(ids).count == 500)

        let other = try await walk(router, limit: 7)
        #expect(other.count == 72)
        #expect(Set(other.flatMap { $0 }).count == 500)

        let last = await call(router, "/v1/feed", query: [("limit", "100")])
        let raw = try #require(try JSONSerialization.jsonObject(with: last.body) as? [String: Any])
        #expect(raw["nextCursor"] is String)
        let pageFive = try await walk(router, limit: 100)
        #expect(pageFive.count == 5)
    }

    @Test("the last page carries an explicit \"nextCursor\": null and the contract's fields")
    func contractShape() async throws {
        let router = FeedRouter(options: FeedServerOptions(posts: 3), log: nil)
        let response = await call(router, "/v1/feed")
        #expect(response.status == 200)
        #expect(header(response, "Content-Type") == "application/json")
        let raw = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(raw["nextCursor"] is NSNull)
        let items = try #require(raw["items"] as? [[String: Any]])
        #expect(items.count == 3)
        let item = try #require(items.first)
        #expect(Set(item.keys) == ["id", "author", "caption", "image", "likeCount", "commentCount", "createdAt"])
        #expect(Set(try #require(item["author"] as? [String: Any]).keys) == ["id", "name"])
        #expect(Set(try #require(item["image"] as? [String: Any]).keys) == ["url", "width", "height", "placeholder", "renditions"])
    }

    @Test("a session keeps its ranked order while other sessions start and likes change")
    func sessionSnapshot() async throws {
        let alone = try await walk(FeedRouter(options: FeedServerOptions(), log: nil), limit: 50).flatMap { $0 }

        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let first = try decode(TestPage.self, await call(router, "/v1/feed", query: [("limit", "50")]))
        _ = await call(router, "/v1/feed", query: [("limit", "50")])
        _ = await call(router, "PUT", "/v1/posts/p60/like", body: #"{"liked":true}"#)
        var ids = first.items.map(\.id)
        var cursor = first.nextCursor
        while let current = cursor {
            let page = try decode(TestPage.self, await call(router, "/v1/feed", query: [("limit", "50"), ("cursor", current)]))
            ids += page.items.map(\.id)
            cursor = page.nextCursor
        }
        #expect(ids == alone)
        // Mostly by id, with some re-ranking.
        #expect(ids != (1...500).map { "p\($0)" })
        #expect(zip(ids, (1...500).map { "p\($0)" }).filter { $0 == $1 }.count > 250)
    }

    @Test("with repeatIDs = K each later page starts with the last K ids of the previous page")
    func repeatIDs() async throws {
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(repeatIDs: 3)), log: nil)
        let pages = try await walk(router, limit: 20)
        #expect(pages.count > 1)
        for (previous, page) in zip(pages, pages.dropFirst()) {
            #expect(Array(page.prefix(3)) == Array(previous.suffix(3)))
            #expect(page.count <= 20)
        }
        #expect(Set(pages.flatMap { $0 }).count == 500)
        #expect(pages.flatMap { $0 }.count == 500 + 3 * (pages.count - 1))

        router.update { $0.repeatIDs = 50 }
        let clamped = try await walk(router, limit: 10)
        #expect(Set(clamped.flatMap { $0 }).count == 500)
        for (previous, page) in zip(clamped, clamped.dropFirst()) {
            #expect(Array(page.prefix(9)) == Array(previous.suffix(9)))
        }
    }

    @Test("bad cursors and limits get 400 with a JSON error")
    func badCursorAndLimit() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let unknownSession = FeedCursor(session: 99, offset: 20).encoded
        for cursor in ["garbage!", "", "bm9wZQ", unknownSession, FeedCursor(session: 1, offset: 9999).encoded] {
            let response = await call(router, "/v1/feed", query: [("cursor", cursor)])
            #expect(response.status == 400, "cursor \(cursor)")
            #expect(errorMessage(response)?.contains("cursor") == true)
        }
        for limit in ["0", "101", "-1", "abc", "2.5", ""] {
            let response = await call(router, "/v1/feed", query: [("limit", limit)])
            #expect(response.status == 400, "limit \(limit)")
            #expect(errorMessage(response)?.contains("limit must be an integer from 1 to 100") == true)
        }
        #expect(await call(router, "/v1/feed", query: [("limit", "1")]).status == 200)
        #expect(await call(router, "/v1/feed", query: [("limit", "100")]).status == 200)
    }

    @Test("malformedFeed answers 200 with a body that is not JSON")
    func malformedFeed() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        router.update { $0.malformedFeed = true }
        let response = await call(router, "/v1/feed")
        #expect(response.status == 200)
        #expect((try? JSONSerialization.jsonObject(with: response.body)) == nil)
    }
}

@Suite("FeedServer likes, new-count, flags and routing")
struct FeedOtherRoutesTests {
    private struct Reply: Decodable, Equatable { var liked: Bool; var likeCount: Int }
    private struct Liked: Decodable { var liked: [String] }

    @Test("likes are idempotent, counted from the server's state, and read back")
    func likeIdempotency() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let post = try #require(router.dataset.posts.first { !$0.initiallyLiked })
        let start = post.initialLikeCount

        let liked = await call(router, "PUT", "/v1/posts/\(post.id)/like", body: #"{"liked":true}"#)
        #expect(try decode(Reply.self, liked) == Reply(liked: true, likeCount: start + 1))
        let again = await call(router, "PUT", "/v1/posts/\(post.id)/like", body: #"{"liked":true}"#)
        #expect(try decode(Reply.self, again) == Reply(liked: true, likeCount: start + 1))
        #expect(router.likeState(of: post.id)! == (true, start + 1))
        let read = try decode(Liked.self, await call(router, "/v1/likes", query: [("postIds", post.id)]))
        #expect(read.liked == [post.id])

        let unliked = await call(router, "POST", "/v1/posts/\(post.id)/like", body: #"{"liked":false}"#)
        #expect(try decode(Reply.self, unliked) == Reply(liked: false, likeCount: start))
        let unlikedAgain = await call(router, "PUT", "/v1/posts/\(post.id)/like", body: #"{"liked":false}"#)
        #expect(try decode(Reply.self, unlikedAgain) == Reply(liked: false, likeCount: start))
        #expect(router.likeState(of: post.id)! == (false, start))
        #expect(router.likeState(of: "p9999") == nil)

        let page = try decode(TestPage.self, await call(router, "/v1/feed", query: [("limit", "100")]))
        #expect(page.items.first { $0.id == post.id }?.likeCount == start)

        let stats = router.stats()
        #expect(stats.likeRequests[post.id] == 4)
        #expect(stats.count("PUT /v1/posts/{id}/like") == 3)
        #expect(stats.count("POST /v1/posts/{id}/like") == 1)
    }

    @Test("GET /v1/likes returns the liked ids among those asked, ignoring unknown ids")
    func likesRead() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let ids = (1...60).map { "p\($0)" }
        let response = await call(router, "/v1/likes", query: [("postIds", (ids + ["nope", "p1"]).joined(separator: ","))])
        #expect(response.status == 200)
        let liked = try decode(Liked.self, response).liked
        let expected = router.dataset.posts.prefix(60).filter(\.initiallyLiked).map(\.id)
        #expect(liked == expected)
        #expect(!liked.isEmpty)

        let empty = try decode(Liked.self, await call(router, "/v1/likes", query: [("postIds", "")]))
        #expect(empty.liked.isEmpty)
        let tooMany = await call(router, "/v1/likes", query: [("postIds", (1...101).map { "p\($0)" }.joined(separator: ","))])
        #expect(tooMany.status == 400)
        #expect(await call(router, "/v1/likes").status == 400)
    }

    @Test("like writes: unknown post 404, malformed body 400, refused post 403")
    func likeErrors() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        #expect(await call(router, "PUT", "/v1/posts/p9999/like", body: #"{"liked":true}"#).status == 404)
        for body in ["", "{}", "not json", #"{"liked":"yes"}"#, "[true]"] {
            let response = await call(router, "PUT", "/v1/posts/p1/like", body: body)
            #expect(response.status == 400, "body \(body)")
            #expect(errorMessage(response) != nil)
        }
        router.update { $0.refuseLikes = ["p2"] }
        let before = router.likeState(of: "p2")
        let refused = await call(router, "PUT", "/v1/posts/p2/like", body: #"{"liked":true}"#)
        #expect(refused.status == 403)
        #expect(errorMessage(refused)?.contains("p2") == true)
        #expect(router.likeState(of: "p2")! == before!)
    }

    @Test("new-count counts posts ranked above the given id; unknown ids 404")
    func newCount() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let page = try decode(TestPage.self, await call(router, "/v1/feed"))
        struct Count: Decodable { var count: Int }
        let top = try decode(Count.self, await call(router, "/v1/feed/new-count", query: [("since", page.items[0].id)]))
        #expect(top.count == 0)
        let fifth = try decode(Count.self, await call(router, "/v1/feed/new-count", query: [("since", page.items[4].id)]))
        #expect(fifth.count == 4)
        #expect(await call(router, "/v1/feed/new-count", query: [("since", "p0")]).status == 404)
        #expect(await call(router, "/v1/feed/new-count").status == 400)
    }

    @Test("flags come from the options and can change at run time")
    func flags() async throws {
        struct Flags: Decodable { var flags: [String: Bool] }
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(flags: ["offline-pages": true])), log: nil)
        #expect(try decode(Flags.self, await call(router, "/v1/flags")).flags == ["offline-pages": true])
        router.update { $0.flags["new-posts-pill"] = false }
        #expect(try decode(Flags.self, await call(router, "/v1/flags")).flags == ["offline-pages": true, "new-posts-pill": false])
    }

    @Test("unknown paths get 404, wrong methods 405 with Allow, both as JSON errors")
    func routing() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        for path in ["/", "/v1", "/v1/feed/", "/v2/feed", "/v1/posts/p1", "/v1/posts//like", "/v1/posts/p1/like/x"] {
            let response = await call(router, path)
            #expect(response.status == 404, "path \(path)")
            #expect(errorMessage(response) != nil)
        }
        #expect(await call(router, "PUT", "/v1/control/flags", body: #"{"flags":{}}"#).status == 404, "control is off by default")
        let wrong = await call(router, "DELETE", "/v1/feed")
        #expect(wrong.status == 405)
        #expect(header(wrong, "Allow") == "GET, HEAD")
        let getLike = await call(router, "GET", "/v1/posts/p1/like")
        #expect(getLike.status == 405)
        #expect(header(getLike, "Allow") == "PUT, POST")
        #expect(router.stats().count("unmatched") == 8)
        #expect(router.stats().count("other method") == 2)
    }
}

@Suite("FeedServer faults")
struct FeedFaultTests {
    @Test("fail rate 1.0 answers 503 on every route; likes fail rate only on GET /v1/likes")
    func failRates() async throws {
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(failRate: 1)), log: nil)
        for (method, path, body) in [
            ("GET", "/v1/feed", ""), ("GET", "/v1/likes", ""), ("PUT", "/v1/posts/p1/like", #"{"liked":true}"#),
            ("GET", "/v1/flags", ""), ("GET", "/v1/feed/new-count", ""), ("GET", "/openapi.json", ""),
        ] {
            let response = await call(router, method, path, query: [("postIds", "p1"), ("since", "p1")], body: body)
            #expect(response.status == 503, "\(method) \(path)")
            #expect(errorMessage(response) != nil)
        }
        router.update {
            $0.failRate = 0
            $0.likesFailRate = 1
        }
        #expect(await call(router, "/v1/likes", query: [("postIds", "p1")]).status == 503)
        #expect(await call(router, "/v1/feed").status == 200)
        #expect(router.stats().statuses[503] == 7)
    }

    @Test("fault draws are reproducible from the seed")
    func reproducibleFaults() async throws {
        func statuses(seed: UInt64) async -> [Int] {
            let router = FeedRouter(options: FeedServerOptions(seed: seed, faults: FeedServerFaults(failRate: 0.5)), log: nil)
            var statuses: [Int] = []
            for _ in 0..<40 { statuses.append(await call(router, "/v1/flags").status) }
            return statuses
        }
        let first = await statuses(seed: 7)
        #expect(await statuses(seed: 7) == first)
        #expect(first.contains(200) && first.contains(503))
    }

    @Test("past the rate limit in one second the server answers 429 with Retry-After: 1")
    func rateLimit() async throws {
        let clock = ManualClock(1000.2)
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(rateLimit: 2)), log: nil, now: { clock.now() })
        #expect(await call(router, "/v1/flags").status == 200)
        #expect(await call(router, "/v1/flags").status == 200)
        let limited = await call(router, "/v1/flags")
        #expect(limited.status == 429)
        #expect(header(limited, "Retry-After") == "1")
        #expect(errorMessage(limited) != nil)
        clock.set(1000.9)
        #expect(await call(router, "/v1/flags").status == 429)
        clock.set(1001.0)
        #expect(await call(router, "/v1/flags").status == 200)
        router.update { $0.rateLimit = nil }
        for _ in 0..<5 { #expect(await call(router, "/v1/flags").status == 200) }
    }

    @Test("latency delays the answer; like latency delays only like writes")
    func latency() async throws {
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(likeLatencyMS: 80)), log: nil)
        let clock = ContinuousClock()
        let like = await clock.measure {
            _ = await call(router, "PUT", "/v1/posts/p1/like", body: #"{"liked":true}"#)
        }
        #expect(like >= .milliseconds(80))
        router.update {
            $0.likeLatencyMS = 0
            $0.latencyMS = 60
        }
        let feed = await clock.measure { _ = await call(router, "/v1/feed") }
        #expect(feed >= .milliseconds(60))
    }
}

@Suite("FeedServer options")
struct FeedServerOptionsTests {
    @Test("every option parses, in both --name value and --name=value forms")
    func goodOptions() throws {
        let options = try FeedServerOptions.parse([
            "--port", "0", "--posts=42", "--seed", "18446744073709551615", "--latency", "15", "--fail-rate", "0.25",
            "--likes-fail-rate=1", "--like-latency", "300", "--rate-limit", "10", "--repeat-ids", "3", "--log",
            "--flag", "offline-pages=true", "--flag=new-posts-pill=false", "--control",
            "--like-apply-then-fail-rate", "0.5", "--photo-latency=40", "--new-posts-every", "2.5",
        ])
        #expect(options == FeedServerOptions(
            port: 0, posts: 42, seed: .max, log: true, control: true,
            faults: FeedServerFaults(
                latencyMS: 15, failRate: 0.25, likesFailRate: 1, likeLatencyMS: 300, likeApplyThenFailRate: 0.5,
                photoLatencyMS: 40, rateLimit: 10, repeatIDs: 3, newPostsEverySeconds: 2.5,
                flags: ["offline-pages": true, "new-posts-pill": false])))
        #expect(try FeedServerOptions.parse([]) == FeedServerOptions())
        #expect(FeedServerOptions().port == 8080 && FeedServerOptions().posts == 500 && FeedServerOptions().seed == 1)
        #expect(FeedServerOptions.usage.contains("--rate-limit"))
        #expect(FeedServerOptions.usage.contains("--flag KEY=BOOL"))
    }

    @Test("each bad option is one clear error naming the option and the valid range", arguments: [
        (["--port", "65536"], "--port", "0 to 65535"),
        (["--port", "http"], "--port", "0 to 65535"),
        (["--posts", "0"], "--posts", "1 to 100000"),
        (["--seed", "-1"], "--seed", "0 to 18446744073709551615"),
        (["--latency", "-5"], "--latency", "0 to 60000"),
        (["--fail-rate", "1.5"], "--fail-rate", "0 to 1"),
        (["--fail-rate", "nan"], "--fail-rate", "0 to 1"),
        (["--likes-fail-rate", "x"], "--likes-fail-rate", "0 to 1"),
        (["--like-latency", "60001"], "--like-latency", "0 to 60000"),
        (["--rate-limit", "0"], "--rate-limit", "1 to 1000000"),
        (["--repeat-ids", "100"], "--repeat-ids", "0 to 99"),
        (["--flag", "offline-pages"], "--flag", "key=true or key=false"),
        (["--flag", "offline-pages=yes"], "--flag", "key=true or key=false"),
        (["--flag", "=true"], "--flag", "key=true or key=false"),
        (["--like-apply-then-fail-rate", "2"], "--like-apply-then-fail-rate", "0 to 1"),
        (["--photo-latency", "-1"], "--photo-latency", "0 to 60000"),
        (["--new-posts-every", "0"], "--new-posts-every", "0.01 to 86400"),
        (["--new-posts-every", "inf"], "--new-posts-every", "0.01 to 86400"),
    ])
    func badOption(arguments: [String], option: String, range: String) {
        #expect {
            _ = try FeedServerOptions.parse(arguments)
        } throws: { error in
            guard let error = error as? ArgumentError else { return false }
            let text = error.description
            return text.hasPrefix("invalid value '\(arguments[1])' for \(option):") && text.contains(range) && !text.contains("\n")
        }
    }

    @Test("missing values, unknown options, stray arguments and --help")
    func otherErrors() throws {
        #expect(throws: ArgumentError.missingValue(option: "--port", expected: "an integer from 0 to 65535 (0 picks a free port)", program: "feed serve")) {
            try FeedServerOptions.parse(["--port"])
        }
        #expect(throws: ArgumentError.unknownOption("--colour", program: "feed serve")) { try FeedServerOptions.parse(["--colour", "red"]) }
        #expect(throws: ArgumentError.unexpectedArgument("8080", program: "feed serve")) { try FeedServerOptions.parse(["8080"]) }
        #expect(try FeedServerOptions.parse(["--log", "--help"]) == nil)
        #expect(try FeedServerOptions.parse(["-h"]) == nil)
        #expect(try FeedServerOptions.parse(["help"]) == nil)
        #expect(try FeedServerOptions.parse(["--port=0"])?.port == 0)
        #expect(throws: ArgumentError.self) { try FeedServerOptions.parse(["--log=yes"]) }
        #expect(throws: ArgumentError.self) { try FeedServerOptions.parse(["--control=1"]) }
        #expect(try FeedServerOptions.parse([])?.control == false)
        #expect(ArgumentError.unknownOption("--colour", program: "feed serve").description.contains("feed serve --help"))
    }
}

@Suite("FeedServer over HTTP")
struct FeedServerHTTPTests {
    private static func get(_ port: UInt16, _ pathAndQuery: String, method: String = "GET", body: Data? = nil) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")))
        request.httpMethod = method
        request.httpBody = body
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return (data, try #require(response as? HTTPURLResponse))
    }

    @Test("the server answers over loopback, counts requests and logs one line per request")
    func roundTrip() async throws {
        let sink = LineSink()
        let server = FeedServer(options: FeedServerOptions(port: 0, log: true)) { sink.append($0) }
        let port = try server.start()
        defer { server.stop() }
        #expect(server.port == port)

        let (data, response) = try await Self.get(port, "/v1/feed?limit=5")
        #expect(response.statusCode == 200)
        let page = try JSONDecoder().decode(TestPage.self, from: data)
        #expect(page.items.count == 5)
        let cursor = try #require(page.nextCursor)
        let encodedCursor = try #require(cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let (_, second) = try await Self.get(port, "/v1/feed?limit=5&cursor=\(encodedCursor)")
        #expect(second.statusCode == 200)

        let (_, like) = try await Self.get(port, "/v1/posts/p3/like", method: "PUT", body: Data(#"{"liked":true}"#.utf8))
        #expect(like.statusCode == 200)
        #expect(server.likeState(of: "p3")?.liked == true)

        let stats = server.stats()
        #expect(stats.count("GET /v1/feed") == 2)
        #expect(stats.feedCursors == [nil, cursor])
        #expect(stats.likeRequests == ["p3": 1])
        #expect(stats.totalRequests == 3)
        let lines = sink.lines
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("GET /v1/feed?limit=5 200 ") == true)
        #expect(lines.first?.hasSuffix("ms") == true)
    }

    @Test("a body over 1 MiB gets 413")
    func oversizedBody() async throws {
        let server = FeedServer(options: FeedServerOptions(port: 0))
        let port = try server.start()
        defer { server.stop() }
        let (data, response) = try await Self.get(port, "/v1/posts/p1/like", method: "PUT", body: Data(repeating: 0x20, count: 2 << 20))
        #expect(response.statusCode == 413)
        #expect(String(decoding: data, as: UTF8.self).contains("error"))
    }

    @Test("the repository's openapi.json is exactly what the server serves")
    func openAPIFile() async throws {
        let repoRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = try Data(contentsOf: repoRoot.appendingPathComponent("openapi.json"))
        let server = FeedServer(options: FeedServerOptions(port: 0))
        let port = try server.start()
        defer { server.stop() }
        let (served, response) = try await Self.get(port, "/openapi.json")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(served == file)
        let document = try #require(try JSONSerialization.jsonObject(with: served) as? [String: Any])
        #expect((document["openapi"] as? String)?.hasPrefix("3.") == true)
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(Set(paths.keys) == [
            "/v1/feed", "/v1/feed/new-count", "/v1/users/{id}/posts", "/v1/likes", "/v1/posts/{id}/like", "/v1/flags",
            "/v1/photos/{id}.jpg", "/openapi.json", "/v1/live", "/v1/posts/like-counts", "/v1/events", "/v1/events/summary",
        ])
    }

    @Test("a port in use is a clear start error")
    func portInUse() throws {
        let first = FeedServer(options: FeedServerOptions(port: 0))
        let port = try first.start()
        defer { first.stop() }
        let second = FeedServer(options: FeedServerOptions(port: port))
        #expect {
            try second.start()
        } throws: { error in
            String(describing: error).contains("already in use")
        }
    }
}
