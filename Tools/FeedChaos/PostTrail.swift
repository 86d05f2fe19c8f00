/// What each post looked like on each screen through a session: a line whenever its heart, count
/// or pending mark changed, or a command named it, so a violation shows how the post got there.
struct PostTrail: Sendable {
    private var shown: [String: String] = [:]
    private var lines: [String: [String]] = [:]
    /// Lines kept per post (the latest).
    private let capacity: Int

    init(capacity: Int = 16) { self.capacity = capacity }

    /// Records the answer `state` to command number `number`, `text`.
    mutating func record(_ number: Int, _ text: String, _ state: ClientState) {
        let named = text.split(separator: " ").dropFirst().first.map(String.init)
        var seen = Set<String>()
        for (screen, rows) in state.screens {
            for row in rows {
                let key = "\(screen) \(row.id)"
                let value = "\(row.heart) \(row.likes)\(row.pending ? " pending" : "")"
                seen.insert(row.id)
                if shown[key] != value || named == row.id {
                    shown[key] = value
                    append(row.id, "#\(number) \(text) → \(screen): \(value)")
                }
            }
        }
        if let named, !seen.contains(named), text.hasPrefix("tap") || text.hasPrefix("profile") {
            append(named, "#\(number) \(text) → \(state.error == nil ? "not shown in the answer" : "refused: not shown")")
        }
    }

    /// Something that happened to every post (a kill, a logout, a check): added to the trails of `ids`.
    mutating func note(_ text: String, for ids: some Sequence<String>) {
        for id in ids { append(id, "   · \(text)") }
    }

    /// A new process starts: nothing is on screen yet.
    mutating func restarted() { shown.removeAll() }

    /// The lines of `id`, oldest first.
    func lines(of id: String) -> [String] { lines[id] ?? [] }

    private mutating func append(_ id: String, _ line: String) {
        var kept = lines[id] ?? []
        kept.append(line)
        if kept.count > capacity { kept.removeFirst(kept.count - capacity) }
        lines[id] = kept
    }
}
