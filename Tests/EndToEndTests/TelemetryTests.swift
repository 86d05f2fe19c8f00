import EndToEndTesting
import FeedServer
import Foundation
import ProcessTesting
import Testing
import TestingSupport

/// Telemetry end to end: consent, the queue file, the server's events route, `feed stats`, and a
/// SIGKILL in the middle of a flush.
@Suite(.heavy) struct TelemetryEndToEndTests {
    private static func telemetryFiles(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasPrefix("telemetry") }
    }

    private static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, output: [String]) {
        let process = try FeedProcess(arguments, environment: environment)
        let status = try await process.finish(timeout: .seconds(60))
        return (status, await process.remainingOutput())
    }

    @Test func offWritesNoFileSendsNothingAndDeletesWhatAnEarlierRunRecorded() async throws {
        let server = try TestServer()
        let directory = TemporaryDirectory.make()
        let local = try FeedProcess(["--headless", "--server", server.url, "--data-dir", directory.path], environment: ["FEED_TELEMETRY": "local"])
        _ = try await local.send("open")
        #expect(try await local.finish() == 0)
        #expect(Self.telemetryFiles(directory).contains { $0.hasSuffix(".sqlite") }, "local records on this device")
        #expect(server.server.stats().count("POST /v1/events") == 0, "local never sends")

        let off = try FeedProcess(["--headless", "--server", server.url, "--data-dir", directory.path, "--telemetry", "off"],
                                  environment: ["FEED_TELEMETRY": "on"])
        _ = try await off.send("open")
        _ = try await off.send("settle")
        #expect(try await off.finish() == 0)
        #expect(Self.telemetryFiles(directory).isEmpty, "off deletes the queue and writes nothing")
        #expect(server.server.stats().count("POST /v1/events") == 0)
        #expect(server.server.storedEvents().isEmpty)

        let fresh = TemporaryDirectory.make()
        let never = try FeedProcess(["--headless", "--server", server.url, "--data-dir", fresh.path], environment: ["FEED_TELEMETRY": "off"])
        _ = try await never.send("open")
        #expect(try await never.finish() == 0)
        #expect(!FileManager.default.fileExists(atPath: fresh.path), "FEED_TELEMETRY=off: not even the directory")
    }

    @Test func logoutDeletesTheQueue() async throws {
        let server = try TestServer()
        let directory = TemporaryDirectory.make()
        let feed = try FeedProcess(["--headless", "--server", server.url, "--data-dir", directory.path, "--telemetry", "local"])
        _ = try await feed.send("open")
        #expect(try await feed.finish() == 0)
        #expect(!Self.telemetryFiles(directory).isEmpty)
        let logout = try await Self.run(["logout", "--server", server.url, "--data-dir", directory.path])
        #expect(logout.status == 0)
        #expect(Self.telemetryFiles(directory).isEmpty)
    }

    /// `feed stats` without `--server` shows every server the user has telemetry for; with nothing
    /// recorded it never tells the user to do what they did.
    @Test func statsWithoutAServerShowsEveryServerOfTheUser() async throws {
        let first = try TestServer()
        let second = try TestServer()
        let directory = TemporaryDirectory.make()
        let empty = try await Self.run(["stats", "--data-dir", directory.path, "--telemetry", "local"])
        #expect(empty.status == 0)
        #expect(empty.output.joined().contains("nothing recorded yet for demo on any server"), "\(empty.output)")
        #expect(!empty.output.joined().contains("--telemetry local or on"), "local is on already: \(empty.output)")

        for server in [first, second] {
            let feed = try FeedProcess(["--headless", "--server", server.url, "--data-dir", directory.path, "--telemetry", "local"])
            _ = try await feed.send("open")
            _ = try await feed.send("settle")
            #expect(try await feed.finish() == 0)
        }
        let text = try await Self.run(["stats", "--data-dir", directory.path])
        #expect(text.status == 0)
        for server in [first, second] {
            #expect(text.output.contains("demo on \(server.url):"), "a block per server: \(text.output)")
        }
        #expect(text.output.filter { $0.hasPrefix("feed") }.count == 2, "the feed team's line in each block: \(text.output)")

        let json = try await Self.run(["stats", "--json", "--data-dir", directory.path])
        let servers = try #require(try JSONSerialization.jsonObject(with: Data(json.output.joined().utf8)) as? [[String: Any]])
        #expect(Set(servers.compactMap { $0["server"] as? String }) == [first.url, second.url])
        #expect(servers.allSatisfy { (($0["stats"] as? [String: Any])?["events"] as? Int ?? 0) > 0 })

        let one = try await Self.run(["stats", "--json", "--server", first.url, "--data-dir", directory.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(one.output.joined().utf8)) as? [String: Any])
        #expect((object["events"] as? Int ?? 0) > 0, "--server: that server's stats alone: \(one.output) \(text.output)")
    }

    /// A session against a failing server (pages fail, some likes are refused); then `feed stats`
    /// and the server's own record agree, team by team and event by event.
    @Test func statsAfterAFaultySessionMatchTheServersLog() async throws {
        let server = try TestServer { options in
            options.faults.failRate = 0.5
            options.faults.refuseLikes = ["p3", "p5"]
        }
        let directory = TemporaryDirectory.make()
        let arguments = ["--server", server.url, "--data-dir", directory.path]
        let feed = try FeedProcess(["--headless", "--telemetry", "on", "--telemetry-interval", "200"] + arguments)
        _ = try await feed.send("open")
        for _ in 0..<3 {
            let state = try await feed.send("settle")
            if Headless.rows(state).isEmpty { _ = try await feed.send("retry") }
        }
        for step in 1...4 {
            let state = try await feed.send("see \(max(0, Headless.rows(try await feed.send("state")).count - 1))")
            _ = state
            _ = try await feed.send("settle")
            if step == 2 { _ = try await feed.send("retry") }
        }
        for id in ["p1", "p3", "p5", "p7"] { _ = try await feed.send("tap \(id)") }
        _ = try await feed.send("settle")
        // The exit flush has a server that answers.
        server.server.update { $0.failRate = 0 }
        feed.write("quit")
        #expect(try await feed.waitForExit() == 0)

        let stats = try await Self.run(["stats", "--json"] + arguments)
        #expect(stats.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.output.joined().utf8)) as? [String: Any])
        #expect(object["unsent"] as? Int == 0, "every event reached the server at exit")
        let teams = try #require(object["teams"] as? [[String: Any]])
        let stored = server.server.storedEvents()
        #expect(stored.count == object["events"] as? Int)
        var failures = 0
        for team in teams {
            let name = try #require(team["team"] as? String)
            let byName = try #require(team["byName"] as? [String: [String: Int]])
            for (event, count) in byName {
                let onServer = stored.filter { $0.owner == name && $0.name == event }
                #expect(onServer.count == count["count"], "\(name) \(event)")
                #expect(onServer.filter(\.isFailure).count == count["failures"], "\(name) \(event) failures")
                failures += count["failures"] ?? 0
            }
        }
        #expect(teams.contains { $0["team"] as? String == "likes" })
        #expect(failures > 0, "the refused likes are failures of the likes team")
        let text = try await Self.run(["stats"] + arguments)
        #expect(text.output.contains { $0.hasPrefix("likes") })
    }

    /// A follow-up's own event (live-updates' `stream_reconnect`, declared in its module) is kept
    /// under its team and shows by its name in `feed stats --json`, and in that team's row of `feed stats`.
    @Test func statsShowAFollowUpsOwnEventByItsName() async throws {
        let server = try TestServer()
        let directory = TemporaryDirectory.make()
        let arguments = ["--server", server.url, "--data-dir", directory.path]
        let feed = try FeedProcess(["--headless", "--telemetry", "local", "--enable", "live-updates", "--live-backoff", "100"] + arguments)
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        func live() async -> String? { (try? await feed.send("state"))?["live"] as? String }
        #expect(await eventually { await live() == "open" })
        // The server goes away: the stream is about to reconnect, and says so.
        server.server.stop()
        #expect(await eventually { await live() == "retrying" })
        #expect(try await feed.finish() == 0)

        let stats = try await Self.run(["stats", "--json"] + arguments)
        #expect(stats.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.output.joined().utf8)) as? [String: Any])
        let teams = try #require(object["teams"] as? [[String: Any]])
        let realtime = try #require(teams.first { $0["team"] as? String == "realtime" }, "live-updates' team: \(stats.output)")
        let byName = try #require(realtime["byName"] as? [String: [String: Int]])
        #expect((byName["stream_reconnect"]?["count"] ?? 0) >= 1, "\(byName)")
        #expect(byName["stream_reconnect"]?["failures"] == 0)
        let text = try await Self.run(["stats"] + arguments)
        #expect(text.output.contains { $0.hasPrefix("realtime") }, "the team's row: \(text.output)")
    }

    /// A SIGKILL between the server's answer and the queue's commit: the next run sends that
    /// batch again under its ID, and the server stores every event exactly once.
    @Test func aSIGKILLDuringAFlushLosesNothingAndTheServerStoresNoneTwice() async throws {
        let server = try TestServer()
        let queue = TemporaryDirectory.make().appendingPathComponent("telemetry.sqlite").path
        let url = server.url
        // written, then three batches received: the third is not marked sent when the probe stalls.
        let (firstLines, killed) = try await onOwnThread { () throws -> ([String], Bool) in
            let first = try ProbeProcess("TelemetryCrashProbe", arguments: ["flush", queue, url, "100", "2"])
            _ = first.waitForLines(4, deadline: Date().addingTimeInterval(60))
            let lines = first.printed
            return (lines, first.sigkill(deadline: Date().addingTimeInterval(30)))
        }
        #expect(firstLines.count == 4 && firstLines.first == "written 100", "\(firstLines)")
        #expect(killed)
        #expect(server.server.storedEvents().count == 60)

        let secondLines = try await onOwnThread { () throws -> [String] in
            let second = try ProbeProcess("TelemetryCrashProbe", arguments: ["flush", queue, url, "0", "-1"])
            _ = second.waitForLines(5, deadline: Date().addingTimeInterval(60))
            return second.printed
        }
        #expect(secondLines.last == "done true", "\(secondLines)")
        let stored = server.server.storedEvents()
        #expect(stored.count == 100, "nothing lost")
        #expect(Set(stored.map(\.id)).count == 100, "none stored twice")
        #expect(stored.map(\.sequence).sorted() == Array(1...100))
        #expect(server.server.duplicateEvents == 20, "the batch the kill interrupted came again and was dropped")
    }
}
