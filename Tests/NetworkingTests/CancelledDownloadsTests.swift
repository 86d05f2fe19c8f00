import TestingSupport
import Foundation
import HTTPServer
@testable import Networking
import Synchronization
import Testing

/// Fast scrolling against a slow photo host: downloads are started and cancelled by the hundred.
/// Photos may take 4 of the origin's 6 connections (2 are kept for API calls), so only 4 reach the
/// server; a cancelled one whose request went out reads its answer to keep the connection, so the
/// next requests reuse those connections, and the server (64 connections) never runs out and
/// refuses one with 503.
/// (With a connection per exchange, each cancel closed one and the next opened another, while the
/// server still worked on the gone client's request: 46 refusals in 2.5 s at 100 rows a second.)
@Suite("HTTPTransportClient: cancelled downloads from a slow host")
struct CancelledDownloadsTests {
    @Test func cancellingAHundredDownloadsThenTenRequestsReusesTheConnectionsAndNothingIsRefused() async throws {
        let arrivals = Atomic<Int>(0)
        let refusals = Mutex<[String]>([])
        // A slow photo host: nothing is answered before the downloads are cancelled (however
        // loaded the machine), then everything at once.
        let slow = Gate()
        // Idle connections are kept a minute, not 5 s: a loaded run that stalls between the drains
        // and the next requests must not see the kept connections closed by the server.
        let server = HTTPServer(limits: HTTPServerLimits(idleTimeout: .seconds(60)), log: { line in if line.hasPrefix("HTTP 503") { refusals.withLock { $0.append(line) } } }) { _ in
            arrivals.add(1, ordering: .relaxed)
            await slow.wait()
            return .json(200, Data("{}".utf8))
        }
        let port = try server.start()
        defer { server.stop() }
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
        // The drains may take 30 s instead of 3: a loaded run that stalls the process for seconds
        // must not end them before the gate opens (they would close their connections).
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(baseURL: baseURL, timeout: .seconds(30), retry: .none, totalDeadline: .seconds(30)),
            sleep: { try await Task.sleep(for: $0) }, limits: CurlEngine.Limits(drainTime: .seconds(30)))

        let downloads = try (0..<100).map { index in
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/v1/photos/p\(index).jpg"))
            return Task { await failure(of: client, .get(url: url)) }
        }
        #expect(await eventually { arrivals.load(ordering: .relaxed) >= 4 })
        for download in downloads { download.cancel() }
        await slow.open()
        for download in downloads { #expect(await download.value == .cancelled) }
        // The callers are answered at once; the drains that keep the connections end a little later.
        let engine = client.engine
        #expect(await eventually { engine.activeTransfers == 0 })

        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<10 {
                group.addTask {
                    do throws(HTTPError) {
                        return try await client.send(.get("/v1/feed", query: [URLQueryItem(name: "i", value: "\(index)")])).status
                    } catch {
                        return -1
                    }
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }

        #expect(statuses == Array(repeating: 200, count: 10))
        // 4 kept by the cancelled downloads and served the next requests, at most 2 more for them.
        #expect(server.acceptedConnections <= 6)
        #expect(refusals.withLock { $0 }.isEmpty)
        #expect(await eventually { engine.activeTransfers == 0 })
    }
}
