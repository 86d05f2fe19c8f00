/// The last commands of a session with their answers, trimmed, and what the tool did between
/// them (faults, kills), for a violation report.
struct CommandLog: Sendable {
    private var entries: [String] = []
    private var commandsKept = 0
    private let capacity: Int

    /// Keeps the last `capacity` commands (and the events between them).
    init(capacity: Int = 20) { self.capacity = capacity }

    /// Command number `number` and the line it got back.
    mutating func command(_ number: Int, _ text: String, answer: String) {
        entries.append("#\(number) \(text) → \(answer)")
        commandsKept += 1
        trim()
    }

    /// Something the tool did: a fault phase, a kill, a downtime window.
    mutating func event(_ text: String) {
        entries.append("   · \(text)")
        trim()
    }

    private mutating func trim() {
        while commandsKept > capacity, let first = entries.first {
            entries.removeFirst()
            if first.hasPrefix("#") { commandsKept -= 1 }
        }
        if entries.count > capacity * 3 { entries.removeFirst(entries.count - capacity * 3) }
    }

    /// The kept lines, oldest first.
    var lines: [String] { entries }

    /// A state in one line: each screen's first rows (id, heart + liked / - not liked / ? unknown,
    /// count, * pending), loads, message, banner, queued likes, pill, settled.
    /// `focus` (the post a command named) is listed wherever it is.
    static func trimmed(_ state: ClientState, rows limit: Int = 6, focus: String? = nil) -> String {
        if let error = state.error { return "error: \(String(error.prefix(120)))" }
        var parts = ["feed \(state.rows.count) rows [\(rowList(state.rows, limit: limit, focus: focus))] \(state.initialLoad)/\(state.pagination)\(state.refreshing ? " refreshing" : "")"]
        if let profile = state.profile {
            parts.append("profile @\(profile.author.id) \(profile.rows.count) rows [\(rowList(profile.rows, limit: limit, focus: focus))] \(profile.initialLoad)/\(profile.pagination)")
        }
        if let message = state.message { parts.append("message \"\(message.prefix(60))\"") }
        if let banner = state.banner { parts.append("banner \"\(banner)\"") }
        if state.queued > 0 { parts.append("queued \(state.queued)") }
        if let pill = state.pill { parts.append("pill \(pill.count)") }
        if let settled = state.settled { parts.append("settled \(settled)") }
        return parts.joined(separator: " · ")
    }

    private static func rowList(_ rows: [ClientState.Row], limit: Int, focus: String?) -> String {
        var picked = Array(rows.prefix(limit))
        if let focus, !picked.contains(where: { $0.id == focus }), let row = rows.first(where: { $0.id == focus }) { picked.append(row) }
        let shown = picked.map { row in
            let heart = row.liked.map { $0 ? "+" : "-" } ?? "?"
            return "\(row.id)\(heart)\(row.likeCount.map(String.init) ?? row.likes)\(row.pending ? "*" : "")"
        }
        return shown.joined(separator: " ") + (rows.count > limit ? " …" : "")
    }
}
