@testable import FeedServer
import Foundation
import HTTPServer
import LoopbackTesting
import Testing
import TestingSupport

private struct Flags: Decodable, Equatable { var flags: [String: Bool] }

private func get(_ router: FeedRouter, _ path: String, ifNoneMatch: String) async -> HTTPServerResponse {
    await router.handle(HTTPServerRequest(method: "GET", path: path, headers: ["If-None-Match": ifNoneMatch]))
}

@Suite("FeedServer flags")
struct FeedFlagsTests {
    @Test("GET /v1/flags sends an ETag and answers If-None-Match with 304; a change makes a new tag")
    func etag() async throws {
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(flags: ["offline-pages": true])), log: nil)
        let first = await call(router, "/v1/flags")
        let tag = try #require(header(first, "ETag"))
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 18)
        #expect(header(await call(router, "/v1/flags"), "ETag") == tag, "the same flags give the same tag")

        for value in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
            let cached = await get(router, "/v1/flags", ifNoneMatch: value)
            #expect(cached.status == 304, "If-None-Match: \(value)")
            #expect(cached.body.isEmpty)
            #expect(header(cached, "ETag") == tag)
        }
        #expect(await get(router, "/v1/flags", ifNoneMatch: "\"other\"").status == 200)

        router.update { $0.flags["new-posts-pill"] = false }
        let changed = await get(router, "/v1/flags", ifNoneMatch: tag)
        #expect(changed.status == 200)
        #expect(try decode(Flags.self, changed).flags == ["offline-pages": true, "new-posts-pill": false])
        #expect(header(changed, "ETag") != tag)
    }

    @Test("over HTTP a 304 carries the ETag and no body, and the connection stays usable")
    func notModifiedOnTheWire() async throws {
        let server = FeedServer(
            options: FeedServerOptions(port: 0, faults: FeedServerFaults(flags: ["offline-pages": true])),
            // One connection carries every request: a loaded machine may pause the client for seconds.
            limits: HTTPServerLimits(idleTimeout: .seconds(120)))
        let port = try server.start()
        defer { server.stop() }
        let (first, cached, after) = try await onOwnThread {
            let client = try RawClient(port: port)
            let first = try client.request("GET", "/v1/flags")
            let cached = try client.request("GET", "/v1/flags", headers: ["If-None-Match: \(first.headers["etag"] ?? "")"])
            let after = try client.request("GET", "/v1/flags")
            return (first, cached, after)
        }
        #expect(first.status == 200)
        #expect(cached.status == 304)
        #expect(cached.headers["etag"] == first.headers["etag"])
        #expect(cached.headers["content-length"] == nil)
        #expect(cached.body.isEmpty)
        #expect(after.status == 200)
        #expect(after.body == first.body)
    }

    @Test("with control on, PUT /v1/control/flags merges values live; faults never touch it")
    func controlRoute() async throws {
        let options = FeedServerOptions(control: true, faults: FeedServerFaults(failRate: 1, flags: ["new-posts-pill": true, "offline-pages": true]))
        let router = FeedRouter(options: options, log: nil)
        let reply = await call(router, "PUT", "/v1/control/flags", body: #"{"flags":{"new-posts-pill":false,"shared-post-store":true}}"#)
        #expect(reply.status == 200)
        let merged = ["new-posts-pill": false, "offline-pages": true, "shared-post-store": true]
        #expect(try decode(Flags.self, reply).flags == merged)
        #expect(router.faults.flags == merged)
        router.update { $0.failRate = 0 }
        #expect(try decode(Flags.self, await call(router, "/v1/flags")).flags == merged)
        #expect(router.stats().count("PUT /v1/control/flags") == 1)

        for body in ["", "{}", #"{"flags":{"a":"yes"}}"#, #"{"flags":{"":true}}"#, #"{"flags":{"bad key":true}}"#, "[]"] {
            let bad = await call(router, "PUT", "/v1/control/flags", body: body)
            #expect(bad.status == 400, "body \(body)")
            #expect(errorMessage(bad) != nil)
        }
        let many = (1...FeedRouter.maxFlags).map { "\"k\($0)\":true" }.joined(separator: ",")
        #expect(await call(router, "PUT", "/v1/control/flags", body: "{\"flags\":{\(many)}}").status == 400)
        #expect(router.faults.flags == merged, "a refused write changes nothing")
        #expect(await call(router, "GET", "/v1/control/flags").status == 405)
    }

    @Test("the control route does not exist without --control")
    func controlOffByDefault() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let response = await call(router, "PUT", "/v1/control/flags", body: #"{"flags":{"x":true}}"#)
        #expect(response.status == 404)
        #expect(router.faults.flags.isEmpty)
    }
}
