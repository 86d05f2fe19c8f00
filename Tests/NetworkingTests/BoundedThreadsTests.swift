import TestingSupport
import Foundation
@testable import Networking
import Testing

/// However many requests are in flight, the client's threads and connections stay bounded: one
/// engine thread drives them all, with at most 6 connections to one origin. (With a worker thread
/// per exchange, 2,000 likes to a server that answered after 60 s made ≥ 848 threads and an 8 GB
/// address space.) Measured in a child process (see `ChildTestProcess`), whose threads are its own.
@Suite("HTTPTransportClient: bounded threads and connections (child process)")
struct BoundedThreadsTests {
    static let requests = 2000
    static let maxThreads = 64

    @Test func twoThousandRequestsToAHungServerUseFewThreadsAndSixConnections() async throws {
        let name = "twoThousandRequests"
        if ChildTestProcess.isChild(name) { return try await Self.measure() }
        let result = try await ChildTestProcess.run(
            test: name, filter: "BoundedThreadsTests/twoThousandRequestsToAHungServerUseFewThreadsAndSixConnections",
            limit: .seconds(180))
        #expect(result.status == 0, "the child failed:\n\(result.output.suffix(4000))")
        let values = result.values
        let threads = try #require(values["threads"].flatMap { Int($0) }, "no RESULT line:\n\(result.output.suffix(4000))")
        let connections = try #require(values["connections"].flatMap { Int($0) })
        #expect(values["inFlight"] == "\(Self.requests)")
        #expect(threads < Self.maxThreads)
        #expect(connections <= 6)
        print("2,000 requests in flight to a hung server: \(threads) threads (\(values["before"] ?? "?") before), "
            + "\(connections) connections, address space \(values["vmKB"] ?? "?") KB, "
            + "\(values["cpuMS"] ?? "?") ms of CPU in the 0.5 s they all waited")
    }

    /// In the child: 2,000 requests to a server that never answers, the threads read while they
    /// are all in flight, then every one cancelled.
    private static func measure() async throws {
        let server = try HungServer()
        defer { server.stop() }
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(
            baseURL: server.baseURL, timeout: .seconds(120), retry: .none, totalDeadline: .seconds(120)))
        let engine = client.engine
        let before = Self.status("Threads")
        let outcomes = await withTaskGroup(of: HTTPError?.self) { group in
            for index in 0..<requests {
                group.addTask {
                    var request = HTTPRequest(method: .put, path: "/v1/posts/p\(index)/like", body: Data(#"{"liked":true}"#.utf8))
                    request.headers["Content-Type"] = "application/json"
                    return await failure(of: client, request)
                }
            }
            let inFlight = await eventually(within: .seconds(60)) { engine.activeTransfers == requests }
            _ = await eventually(within: .seconds(10)) { server.connections >= 6 }
            // Read a few times while everything waits: the most threads seen counts.
            var threads = 0
            var addressSpace = 0
            let cpuBefore = Self.cpuSeconds()
            for _ in 0..<20 {
                threads = max(threads, Self.status("Threads"))
                addressSpace = max(addressSpace, Self.status("VmSize"))
                try? await Task.sleep(for: .milliseconds(25))
            }
            let cpuMS = Int((Self.cpuSeconds() - cpuBefore) * 1000)
            print("RESULT threads=\(threads) before=\(before) connections=\(server.connections) vmKB=\(addressSpace) "
                + "inFlight=\(inFlight ? requests : engine.activeTransfers) cpuMS=\(cpuMS)")
            group.cancelAll()
            return await group.reduce(into: [HTTPError?]()) { $0.append($1) }
        }
        #expect(outcomes.count == requests)
        #expect(outcomes.allSatisfy { $0 == .cancelled })
        #expect(await eventually { engine.activeTransfers == 0 })
    }

    /// The CPU time this process used so far (user and system).
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// A number from /proc/self/status (`Threads`, `VmSize` in KB); -1 when missing.
    private static func status(_ key: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return -1 }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? -1
    }
}
