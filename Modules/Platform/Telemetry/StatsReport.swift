import Foundation
import SafeText

/// `feed stats` as text: a table per owning team and small terminal charts.
public enum StatsReport {
    /// The table and the charts; `ascii` draws the charts with ASCII only.
    public static func text(_ stats: TelemetryStats, ascii: Bool = false) -> String {
        var lines = ["telemetry: \(stats.events) events kept, \(stats.unsent) not sent, \(stats.dropped) dropped by the cap"]
        lines.append("")
        lines.append(row(["team", "events", "failures", "pages failed", "likes failed", "writes failed", "errors", "crashes"]))
        for team in stats.teams {
            func share(_ name: String) -> String {
                guard let count = team.byName[name], count.count > 0 else { return "-" }
                return String(format: "%d/%d %.0f%%", count.failures, count.count, count.rate * 100)
            }
            // A team's name is read from the queue file: made safe before the terminal sees it.
            lines.append(row([
                SafeText.line(team.team, limit: 24), "\(team.events)", "\(team.failures)", share("page_load"), share("like"), share("store_write"),
                "\(team.byName["error"]?.count ?? 0)", "\(team.byName["crash"]?.count ?? 0)",
            ]))
        }
        lines.append("")
        lines.append("first page (ms), per run:  \(sparkline(stats.firstPageMS.suffix(40), ascii: ascii))  \(summary(stats.firstPageMS))")
        lines.append("frame time (ms):           \(summary(stats.frameMS)), \(stats.hitches) hitches over 16 ms")
        lines += histogram(stats.frameMS, edges: [2, 4, 8, 16, 33, 66], ascii: ascii)
        return lines.joined(separator: "\n")
    }

    /// The stats as one JSON object.
    public static func json(_ stats: TelemetryStats) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(stats)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A sparkline of `values`, one cell each, scaled between their minimum and maximum.
    public static func sparkline(_ values: some Collection<Double>, ascii: Bool = false) -> String {
        guard let low = values.min(), let high = values.max() else { return "(none yet)" }
        let cells: [Character] = ascii ? Array("_.-=*#") : Array("▁▂▃▄▅▆▇█")
        return String(values.map { value in
            let share = high > low ? (value - low) / (high - low) : 0
            // Never a trap: a share that is not finite (values at the ends of Double) draws the lowest cell.
            guard share.isFinite else { return cells[0] }
            return cells[min(cells.count - 1, max(0, Int(share * Double(cells.count - 1) + 0.5)))]
        })
    }

    private static func histogram(_ values: [Double], edges: [Double], ascii: Bool) -> [String] {
        guard !values.isEmpty else { return [] }
        var buckets = [Int](repeating: 0, count: edges.count + 1)
        for value in values { buckets[edges.firstIndex { value <= $0 } ?? edges.count] += 1 }
        let most = max(1, buckets.max() ?? 1)
        let labels = edges.map { "≤\(Int($0))" } + [">\(Int(edges.last ?? 0))"]
        return zip(labels, buckets).map { label, count in
            let bar = String(repeating: ascii ? "#" : "█", count: max(count > 0 ? 1 : 0, count * 30 / most))
            return "  \(label.padding(toLength: 5, withPad: " ", startingAt: 0)) \(bar) \(count)"
        }
    }

    private static func summary(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "no samples" }
        let sorted = values.sorted()
        func at(_ share: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * share))] }
        return String(format: "p50 %.1f, p95 %.1f, max %.1f (%d)", at(0.5), at(0.95), sorted.last ?? 0, sorted.count)
    }

    private static func row(_ cells: [String]) -> String {
        let widths = [10, 7, 9, 15, 15, 15, 7, 7]
        return zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
    }
}
