import Foundation
@testable import Networking
import Synchronization
import Testing
import TestingSupport

/// One hostile server holds up its own requests only: the engine's one thread drives every
/// exchange without blocking on any, and each origin has connections of its own, so requests of
/// the same client to another server go on as if nothing happened.
/// (On URLSession, all sessions of the process shared one work queue: a hostile transfer held
/// it, and every other request in the process failed at its deadline.)
@Suite("HTTPTransportClient: a hostile transfer holds up no other request")
struct IsolationTests {
    /// What the hostile server does.
    enum Hostility: String, CaseIterable, Sendable {
        /// An endless chunked body, 1 KB every 20 ms: one request receives it all along.
        case slowEndlessBody
        /// An endless chunked body at full loopback speed (GB/s), refused at the 8 MB limit,
        /// requested again and again.
        case fullSpeedEndlessBodies
    }

    /// The bound each of the 20 requests must finish within: the client's default total
    /// deadline, the one unrelated requests used to fail at.
    static let bound: Duration = .seconds(10)

    @Test(arguments: Hostility.allCases)
    func twentyRequestsCompleteBesideAHostileTransfer(hostility: Hostility) async throws {
        let head = rawHead("HTTP/1.1 200 OK\nContent-Type: application/json\nTransfer-Encoding: chunked\n\n")
        let hostile = hostility == .slowEndlessBody
            ? try RawReplyServer(head: head, repeating: chunk(size: 1024), every: .milliseconds(20))
            : try RawReplyServer(head: head, repeating: chunk(size: 64 << 10))
        defer { hostile.stop() }
        // The API answers from threads of its own (not from Swift's pool, which other suites
        // can keep busy): what the 20 requests wait for is the client alone.
        let api = try RawReplyServer { _ in
            RawReplyServer.Reply(head: Array(rawHead("HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 2\n\n{}").utf8), keepAlive: true)
        }
        defer { api.stop() }
        // One client for both: the API is its base URL, the hostile server a photo host.
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(baseURL: api.baseURL, retry: .none, totalDeadline: .seconds(60)),
            sleep: WaitRecorder().sleep)
        var hostileRequest = HTTPRequest.get(url: try #require(URL(string: hostile.baseURL.absoluteString + "/p1.jpg")))
        hostileRequest.timeout = .seconds(60)

        let stopHostile = Atomic<Bool>(false)
        let hostileCall = Task { () -> [HTTPError?] in
            var outcomes: [HTTPError?] = []
            // The slow body is one request; the fast ones are sent again until told to stop (at most 20).
            repeat {
                outcomes.append(await failure(of: client, hostileRequest))
            } while hostility == .fullSpeedEndlessBodies && !stopHostile.load(ordering: .relaxed) && outcomes.count < 20
            return outcomes
        }
        // The hostile transfer is under way before the others start.
        #expect(await eventually { hostile.bytesSent > 16 << 10 })

        let results = await withTaskGroup(of: Result<Int, HTTPError>.self) { group in
            for index in 0..<20 {
                group.addTask {
                    var request = HTTPRequest.get("/v1/feed", query: [URLQueryItem(name: "i", value: "\(index)")])
                    request.totalDeadline = Self.bound
                    do throws(HTTPError) {
                        return .success(try await client.send(request).status)
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        #expect(results.count == 20)
        for result in results { #expect((try? result.get()) == 200, "\(result)") }
        #expect(api.requests.count == 20)
        switch hostility {
        case .slowEndlessBody:
            // It was still receiving all along: the others did not wait for it.
            #expect(hostile.openConnections == 1)
            hostileCall.cancel()
            #expect(await hostileCall.value == [.cancelled])
            #expect(await eventually { hostile.openConnections == 0 })
        case .fullSpeedEndlessBodies:
            stopHostile.store(true, ordering: .relaxed)
            let outcomes = await hostileCall.value
            #expect(!outcomes.isEmpty)
            #expect(outcomes.allSatisfy { $0 == .bodyTooLarge(limit: 8 << 20) }, "\(outcomes)")
        }
        let engine = client.engine
        #expect(await eventually { engine.activeTransfers == 0 })
    }
}
