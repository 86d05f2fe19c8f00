import Foundation
import Telemetry
import Testing

@Suite struct TelemetryStatsTests {
    @Test func ratesPerTeamAndCharts() throws {
        let stats = TelemetryStats(events: TelemetrySinkTests.batch.events + [
            QueuedEvent(id: "E4", name: "page_load", time: 1, sequence: 4, session: "S", owner: "feed", sampleRate: 1,
                        properties: ["outcome": .text("ok")]),
            QueuedEvent(id: "E5", name: "first_page", time: 1, sequence: 5, session: "S", owner: "feed", sampleRate: 1,
                        properties: ["ms": .number(40)]),
        ])
        #expect(stats.teams.map(\.team) == ["feed", "likes"])
        #expect(stats.rate("page_load", team: "feed") == 0.5)
        #expect(stats.teams[1].failures == 1)
        #expect(stats.firstPageMS == [40] && stats.frameMS == [17] && stats.hitches == 1)
        let text = StatsReport.text(stats)
        #expect(text.contains("feed") && text.contains("1/2 50%"))
        #expect(text.contains("1 hitches over 16 ms"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(StatsReport.json(stats).utf8)) as? [String: Any])
        #expect((json["teams"] as? [[String: Any]])?.count == 2)
    }

    @Test func sparklinesScaleBetweenMinimumAndMaximum() {
        #expect(StatsReport.sparkline([1, 2, 3, 4, 5, 6, 7, 8]) == "▁▂▃▄▅▆▇█")
        #expect(StatsReport.sparkline([5, 5]) == "▁▁")
        #expect(StatsReport.sparkline([Double]()) == "(none yet)")
        #expect(StatsReport.sparkline([0, 10], ascii: true) == "_#")
    }

    @Test("a queue file's team names reach the terminal made safe, and its times at the ends of Double draw no trap")
    func hostileRowsOfTheQueueFile() {
        func event(_ id: Int, owner: String, name: String, ms: Double) -> QueuedEvent {
            QueuedEvent(id: "E\(id)", name: name, time: 1, sequence: id, session: "S", owner: owner, sampleRate: 1, properties: ["ms": .number(ms)])
        }
        let stats = TelemetryStats(events: [
            event(1, owner: "feed\u{1B}]52;c;ZXZpbA==\u{07}", name: "frame", ms: 4),
            event(2, owner: "likes", name: "frame", ms: .greatestFiniteMagnitude),
            event(3, owner: "likes", name: "frame", ms: -.greatestFiniteMagnitude),
            event(4, owner: "likes", name: "first_page", ms: .infinity),
            event(5, owner: "likes", name: "first_page", ms: 12),
        ])
        #expect(stats.frameMS == [4], "times that cannot be are not believed")
        #expect(stats.firstPageMS == [12])
        let text = StatsReport.text(stats)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "no escape sequence reaches the terminal")
        #expect(text.contains("feed ]52;c"), "the name, its escape made a space (cut to the column)")
        #expect(StatsReport.sparkline([-.greatestFiniteMagnitude, 0, .greatestFiniteMagnitude]).count == 3)
    }
}
