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
}
