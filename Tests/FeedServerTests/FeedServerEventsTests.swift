import Compression
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import FeedServer
import Testing

@Suite("FeedServer analytics events")
struct FeedServerEventsTests {
    private static func post(_ port: UInt16, _ body: Data, gzip: Bool = true) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/v1/events")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if gzip { request.setValue("gzip", forHTTPHeaderField: "Content-Encoding") }
        request.httpBody = gzip ? Gzip.compress(body) : body
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let status = try #require(response as? HTTPURLResponse).statusCode
        return (status, (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:])
    }

    private static func batch(_ ids: [String], sentAt: Double, time: Double, owner: String = "feed", outcome: String = "failed") -> Data {
        let events = ids.map { id in
            #"{"id":"\#(id)","name":"page_load","time":\#(time),"sequence":1,"session":"S","owner":"\#(owner)","sampleRate":1,"properties":{"outcome":"\#(outcome)","ms":5}}"#
        }
        return Data(#"{"batch":"B","sentAt":\#(sentAt),"events":[\#(events.joined(separator: ","))]}"#.utf8)
    }

    @Test("a gzip batch is stored; a repeat of it stores nothing twice")
    func storesOnce() async throws {
        let server = FeedServer(options: FeedServerOptions(port: 0))
        let port = try server.start()
        defer { server.stop() }
        let now = Date().timeIntervalSince1970
        let body = Self.batch(["a", "b", "c"], sentAt: now, time: now)
        let (status, reply) = try await Self.post(port, body)
        #expect(status == 202)
        #expect(reply["stored"] as? Int == 3 && reply["duplicates"] as? Int == 0)
        let (again, replyAgain) = try await Self.post(port, Self.batch(["c", "d"], sentAt: now, time: now))
        #expect(again == 202)
        #expect(replyAgain["stored"] as? Int == 1 && replyAgain["duplicates"] as? Int == 1)
        #expect(server.storedEvents().map(\.id) == ["a", "b", "c", "d"])
        #expect(server.duplicateEvents == 1)
    }

    @Test("event times are corrected by the device's clock skew")
    func correctsSkew() async throws {
        let server = FeedServer(options: FeedServerOptions(port: 0))
        let port = try server.start()
        defer { server.stop() }
        // The device's clock is an hour behind: its event happened 10 s before it sent the batch.
        let before = Date().timeIntervalSince1970
        let deviceNow = before - 3_600
        _ = try await Self.post(port, Self.batch(["x"], sentAt: deviceNow, time: deviceNow - 10), gzip: false)
        let after = Date().timeIntervalSince1970
        let event = try #require(server.storedEvents().first)
        #expect(event.deviceTime == deviceNow - 10)
        // Corrected by the skew the server saw: 10 s before it received the batch, between the send and its answer.
        #expect(event.correctedTime >= before - 10 - 0.001 && event.correctedTime <= after - 10 + 0.001, "\(event.correctedTime - (before - 10))")
    }

    @Test("the summary counts events and failures per owning team")
    func summary() async throws {
        let server = FeedServer(options: FeedServerOptions(port: 0))
        let port = try server.start()
        defer { server.stop() }
        let now = Date().timeIntervalSince1970
        _ = try await Self.post(port, Self.batch(["1", "2"], sentAt: now, time: now, owner: "feed"))
        _ = try await Self.post(port, Self.batch(["3"], sentAt: now, time: now, owner: "likes", outcome: "ok"))
        let (data, _) = try await URLSession(configuration: .ephemeral).data(from: try #require(URL(string: "http://127.0.0.1:\(port)/v1/events/summary")))
        let summary = try JSONDecoder().decode(FeedServerDTO.EventsSummary.self, from: data)
        #expect(summary.events == 3 && summary.batches == 2)
        #expect(summary.teams["feed"]?.byName["page_load"]?.failures == 2)
        #expect(summary.teams["likes"]?.failures == 0)
    }

    @Test("hostile batches are refused with one clear 400")
    func refusesHostileBatches() async throws {
        let server = FeedServer(options: FeedServerOptions(port: 0))
        let port = try server.start()
        defer { server.stop() }
        let now = Date().timeIntervalSince1970
        #expect(try await Self.post(port, Data("garbage".utf8), gzip: false).0 == 400)
        var notGzip = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/v1/events")))
        notGzip.httpMethod = "POST"
        notGzip.setValue("gzip", forHTTPHeaderField: "Content-Encoding")
        notGzip.httpBody = Data("plain".utf8)
        let (_, response) = try await URLSession(configuration: .ephemeral).data(for: notGzip)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        let bomb = Data(#"{"events":[],"pad":""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 5 << 20) + Data(#""}"#.utf8)
        #expect(try await Self.post(port, bomb).0 == 400, "past 4 MB decompressed")
        let longID = String(repeating: "x", count: 65)
        #expect(try await Self.post(port, Self.batch([longID], sentAt: now, time: now)).0 == 400)
        #expect(try await Self.post(port, Self.batch((0...1_000).map(String.init), sentAt: now, time: now)).0 == 400)
        #expect(server.storedEvents().isEmpty)
    }
}
