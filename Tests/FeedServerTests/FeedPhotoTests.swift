@testable import FeedServer
import Foundation
import HTTPServer
import ImageCodec
import LoopbackTesting
import Testing
import TestingSupport

private func photo(_ router: FeedRouter, _ id: String, w: String? = nil, ifNoneMatch: String? = nil) async -> HTTPServerResponse {
    var headers: [String: String] = [:]
    if let ifNoneMatch { headers["If-None-Match"] = ifNoneMatch }
    return await router.handle(HTTPServerRequest(
        method: "GET", path: "/v1/photos/\(id).jpg", query: w.map { [("w", $0)] } ?? [], headers: headers))
}

private func size(_ response: HTTPServerResponse) throws -> PixelSize {
    try JPEGDecoder().dimensions(of: response.body)
}

@Suite("FeedServer photos")
struct FeedPhotoTests {
    @Test("feed items point at this server's photos, whose original size is the item's width and height")
    func urlsAndOriginalSizes() async throws {
        let server = FeedServer(
            options: FeedServerOptions(port: 0, posts: 60),
            // One connection carries every request: a loaded machine may pause the client for seconds.
            limits: HTTPServerLimits(idleTimeout: .seconds(120)))
        let port = try server.start()
        defer { server.stop() }
        let (page, photos) = try await onOwnThread {
            // Drawing a 1600-pixel photo in a debug build on a loaded machine can take 10 s.
            let client = try RawClient(port: port, timeoutSeconds: 60)
            let page = try JSONDecoder().decode(TestPage.self, from: Data(client.request("GET", "/v1/feed?limit=60").body))
            var photos: [String: RawReply] = [:]
            for size in ["1080x1350", "1080x1080", "1600x900"] {
                guard let item = page.items.first(where: { "\($0.image.width)x\($0.image.height)" == size }) else { continue }
                photos[item.id] = try client.request("GET", "/v1/photos/\(item.id).jpg")
            }
            return (page, photos)
        }
        #expect(page.items.allSatisfy { $0.image.url == "http://127.0.0.1:\(port)/v1/photos/\($0.id).jpg" })
        #expect(photos.count == 3)
        for (id, reply) in photos {
            let item = try #require(page.items.first { $0.id == id })
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "image/jpeg")
            let decoded = try JPEGDecoder().dimensions(of: Data(reply.body))
            #expect(decoded == PixelSize(width: item.image.width, height: item.image.height), "\(id)")
        }
    }

    @Test("?w= resizes keeping the aspect ratio, never beyond the original; bad w 400, unknown id 404")
    func resizing() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let post = try #require(router.dataset.posts.first { $0.width == 1080 && $0.height == 1350 })
        #expect(try size(await photo(router, post.id, w: "300")) == PixelSize(width: 300, height: 375))
        #expect(try size(await photo(router, post.id, w: "4096")) == PixelSize(width: 1080, height: 1350))
        let wide = try #require(router.dataset.posts.first { $0.width == 1600 })
        #expect(try size(await photo(router, wide.id, w: "7")) == PixelSize(width: 7, height: 4))
        if let tiny = router.dataset.posts.first(where: { $0.width == 1 }) {
            #expect(try size(await photo(router, tiny.id, w: "100")) == PixelSize(width: 1, height: 1))
        }
        for w in ["0", "-5", "4097", "abc", "", "2.5", String(repeating: "9", count: 400)] {
            let response = await photo(router, post.id, w: w)
            #expect(response.status == 400, "w \(w.prefix(20))")
            #expect(errorMessage(response)?.contains("w must be an integer from 1 to 4096") == true)
        }
        for path in ["/v1/photos/p0.jpg", "/v1/photos/nope.jpg", "/v1/photos/p9999.jpg"] {
            let response = await call(router, path)
            #expect(response.status == 404, "\(path)")
            #expect(errorMessage(response) != nil)
        }
        #expect(await call(router, "/v1/photos/p1.png").status == 404)
        #expect(await call(router, "PUT", "/v1/photos/p1.jpg").status == 405)
    }

    @Test("photos are cached forever by clients: immutable Cache-Control, an ETag per size, 304 on If-None-Match")
    func caching() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let full = await photo(router, "p1", w: "200")
        #expect(header(full, "Cache-Control") == "public, max-age=31536000, immutable")
        let tag = try #require(header(full, "ETag"))
        let again = await photo(router, "p1", w: "200", ifNoneMatch: tag)
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(header(again, "ETag") == tag)
        #expect(header(again, "Cache-Control") == "public, max-age=31536000, immutable")
        let other = await photo(router, "p1", w: "201", ifNoneMatch: tag)
        #expect(other.status == 200)
        #expect(header(other, "ETag") != tag)
        #expect(header(await photo(router, "p2", w: "200"), "ETag") != tag)
    }

    @Test("photos are deterministic per seed and post, and differ between posts")
    func determinism() async throws {
        let first = FeedRouter(options: FeedServerOptions(), log: nil)
        let twin = FeedRouter(options: FeedServerOptions(), log: nil)
        let reseeded = FeedRouter(options: FeedServerOptions(seed: 2), log: nil)
        let p1 = await photo(first, "p1", w: "120").body
        #expect(p1 == (await photo(twin, "p1", w: "120").body))
        #expect(p1 != (await photo(reseeded, "p1", w: "120").body))
        var means: Set<String> = []
        for number in 1...8 {
            let image = try JPEGDecoder().decode(await photo(first, "p\(number)", w: "64").body)
            let mean = image.meanColor
            means.insert("\(Int(mean.red) / 8),\(Int(mean.green) / 8),\(Int(mean.blue) / 8)")
            var columns: Set<Int> = []
            for x in stride(from: 0, to: image.width, by: 8) { columns.insert(Int(image.pixel(x: x, y: image.height / 3).red)) }
            #expect(columns.count > 1, "p\(number) is more than one flat colour")
        }
        #expect(means.count >= 6, "posts have their own pictures: \(means)")
        first.publishNewPosts(1)
        #expect(try size(await photo(first, "p501", w: "50")).width == 50)
    }

    @Test("repeated requests are served from the bounded cache; concurrent ones render once")
    func cache() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        _ = await photo(router, "p3", w: "150")
        _ = await photo(router, "p3", w: "150")
        _ = await photo(router, "p3", w: "150", ifNoneMatch: "\"x\"")
        #expect(await router.photos.renders == 1)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { _ = await photo(router, "p4", w: "160") } }
        }
        #expect(await router.photos.renders == 2)

        let store = PhotoStore(maxBytes: 40_000, maxEntries: 5)
        let scene = PhotoScene(seed: 1, id: "p1")
        for width in 40...60 { _ = await store.jpeg(PhotoStore.Key(id: "p1", width: width), height: width, scene: scene) }
        let usage = await store.usage
        #expect(usage.count <= 5 && usage.bytes <= 40_000)
        #expect(await store.renders == 21)
        _ = await store.jpeg(PhotoStore.Key(id: "p1", width: 60), height: 60, scene: scene)
        #expect(await store.renders == 21, "the most recent photo is still cached")
        _ = await store.jpeg(PhotoStore.Key(id: "p1", width: 40), height: 40, scene: scene)
        #expect(await store.renders == 22, "the oldest was evicted")
    }

    @Test("faults apply to photos: photo latency, fail rate and the rate limit")
    func faults() async throws {
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(failRate: 1)), log: nil)
        #expect(await photo(router, "p1", w: "10").status == 503)
        router.update {
            $0.failRate = 0
            $0.photoLatencyMS = 80
        }
        let slow = await ContinuousClock().measure { #expect(await photo(router, "p1", w: "10").status == 200) }
        #expect(slow >= .milliseconds(80))
        router.update {
            $0.photoLatencyMS = 0
            $0.rateLimit = 1
        }
        _ = await photo(router, "p1", w: "10")
        #expect(await photo(router, "p1", w: "10").status == 429)
    }

    @Test("hostile photos: a share of ids, by id, answered with garbage, a truncated JPEG, a huge progressive header or a stall")
    func hostilePhotos() async throws {
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(hostilePhotoShare: 0.5)), log: nil)
        let ids = (1...40).map { "p\($0)" }
        let kinds = ids.map { HostilePhoto.of($0, seed: router.seed, share: 0.5) }
        #expect(kinds == ids.map { HostilePhoto.of($0, seed: router.seed, share: 0.5) }, "the same ids on every request")
        #expect(kinds.contains(nil) && kinds.contains(.garbage) && kinds.contains(.truncated) && kinds.contains(.hugeProgressive))
        for (id, kind) in zip(ids, kinds) where kind != .slow {
            let reply = await photo(router, id, w: "64")
            #expect(reply.status == 200)
            switch kind {
            case nil: #expect(throws: Never.self) { try JPEGDecoder().decode(reply.body) }
            case .garbage?, .truncated?: #expect(reply.headers.contains { $0.0 == "Cache-Control" && $0.1 == "no-store" })
            case .hugeProgressive?:
                // A well-formed header a decoder without limits would believe; ours refuses it unread.
                #expect((try? JPEGDecoder(maxPixelCount: 1 << 30).dimensions(of: reply.body)) == PixelSize(width: 30_000, height: 30_000))
                #expect(throws: ImageCodecError.self) { try JPEGDecoder().dimensions(of: reply.body) }
            case .slow?: break
            }
        }
        #expect(HostilePhoto.of("p1", seed: 1, share: 0) == nil)
    }
}
