import Foundation

/// What `feed-chaos` prints: a line per session, a block per violation, and the summary.
enum ChaosReport {
    /// `9,812`.
    static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// One line for a finished session.
    static func sessionLine(_ result: SessionResult, seed: UInt64) -> String {
        let verdict: String
        if let error = result.environmentError {
            verdict = "ABORTED: \(error)"
        } else if result.findings.isEmpty {
            verdict = "ok"
        } else {
            verdict = "VIOLATION of invariant \(result.findings[0].invariant.rawValue)"
        }
        return "session \(result.index) · \(result.flags) · \(result.photos) · \(result.twin) · \(result.api) · \(number(result.commands)) commands · \(number(result.totalChecks)) checks · "
            + "\(result.kills) kills · \(result.downtimes) downtimes · \(result.logouts) logouts · "
            + String(format: "%.1f s", result.seconds) + " · \(verdict)"
    }

    /// The report of a violation: where, what, the last commands and the replay line.
    static func violation(_ result: SessionResult, options: ChaosOptions) -> [String] {
        var lines = [
            "VIOLATION — seed \(options.seed), session \(result.index), flags \(result.flags), \(result.photos), \(result.twin), \(result.api), at command \(result.step)",
        ]
        for finding in result.findings.prefix(10) { lines.append("  \(finding)") }
        if result.findings.count > 10 { lines.append("  … and \(result.findings.count - 10) more") }
        lines.append("  last commands (+ liked, - not liked, ? unknown, * pending):")
        lines += result.log.map { "    \($0)" }
        for (post, trail) in result.trails where !trail.isEmpty {
            lines.append("  history of \(post):")
            lines += trail.map { "    \($0)" }
        }
        if !result.stderrTail.isEmpty {
            lines.append("  feed's last stderr lines:")
            lines += result.stderrTail.map { "    \($0)" }
        }
        if let files = result.keptFiles { lines.append("  the client's data directory is kept at \(files)") }
        lines.append("  replay: \(options.replayLine(session: result.index, twin: result.twin.on, mastodon: result.api.mastodon))")
        return lines
    }

    /// The summary line: `64 sessions · 16 flag combinations · 9,812 commands · 41,230 checks · 0 violations`.
    static func summary(_ results: [SessionResult]) -> String {
        let combinations = Set(results.map(\.flags)).count
        let violations = results.filter { !$0.findings.isEmpty }.count
        let aborted = results.filter { $0.environmentError != nil }.count
        let photos = results.filter(\.photos.on).count
        let twins = results.filter(\.twin.on).count
        var line = "\(number(results.count)) sessions · \(combinations) flag combinations · \(number(photos)) with photos on · \(number(twins)) with a twin · \(number(results.filter(\.api.mastodon).count)) on the Mastodon API · "
            + "\(number(results.reduce(0) { $0 + $1.commands })) commands · \(number(results.reduce(0) { $0 + $1.totalChecks })) checks · "
            + "\(number(violations)) violation\(violations == 1 ? "" : "s")"
        if aborted > 0 { line += " · \(aborted) aborted" }
        return line
    }

    /// How many facts each invariant compared, and how many rows took the one-like tolerance.
    static func checksByInvariant(_ results: [SessionResult]) -> String {
        var totals: [Invariant: Int] = [:]
        for result in results { totals.merge(result.checks, uniquingKeysWith: +) }
        let parts = Invariant.allCases.map { "(\($0.rawValue)) \(number(totals[$0, default: 0]))" }
        let lenient = results.reduce(0) { $0 + $1.lenient }
        return "checks by invariant: " + parts.joined(separator: " · ") + " · rows within one like of the server (uncertain outcome): \(number(lenient))"
    }

    /// The photo sessions: the rows seen in each photo state, the slowest answer, the highest VmRSS.
    static func photos(_ results: [SessionResult]) -> String {
        let on = results.filter(\.photos.on)
        guard !on.isEmpty else { return "photos: no session ran with photos on" }
        var states: [String: Int] = [:]
        for result in on { states.merge(result.photoStates, uniquingKeysWith: +) }
        let shown = states.sorted { $0.key < $1.key }.map { "\($0.key) \(number($0.value))" }.joined(separator: ", ")
        let slowest = on.map(\.slowestAnswerMS).max() ?? 0
        let resident = on.map(\.maxResidentBytes).max() ?? 0
        return "photos (\(on.count) sessions): rows by photo state: \(shown.isEmpty ? "none seen" : shown) · slowest answer \(number(slowest)) ms"
            + " (bound 5,000) · highest client VmRSS at a settle \(MemoryProbe.mebibytes(resident)) (bound 200 MiB)"
    }

    /// The client's memory: growth from the first settled state to 1,000 commands, worst process.
    static func clientMemory(_ results: [SessionResult]) -> String {
        let processes = results.flatMap(\.processes)
        let longest = processes.map(\.commands).max() ?? 0
        let grown = processes.filter { $0.growth != nil }
        guard let worst = grown.max(by: { $0.growth! < $1.growth! }), let first = worst.firstSettled, let growth = worst.growth else {
            return "client memory: no feed process answered 1,000 commands (longest: \(number(longest))); run with --commands 1200 for this figure"
        }
        return "client memory (VmRSS of feed, \(grown.count) processes reached 1,000 commands): worst \(MemoryProbe.mebibytes(first)) "
            + "at the first settle → \(MemoryProbe.mebibytes(first + growth)) after 1,000 commands "
            + "(\(growth >= 0 ? "+" : "")\(MemoryProbe.mebibytes(growth)); limit +10.0 MiB)"
    }

    /// The reference server's memory: VmRSS of this process (which runs every session's server)
    /// after each session.
    static func serverMemory(_ samples: [Int]) -> String {
        guard let first = samples.first, let last = samples.last, let high = samples.max() else { return "server memory: not measured" }
        let quarters = samples.count >= 8
            ? " (after a quarter, half, three quarters: " + [1, 2, 3].map { MemoryProbe.mebibytes(samples[samples.count * $0 / 4 - 1]) }.joined(separator: ", ") + ")"
            : ""
        return "server memory (VmRSS of feed-chaos, which runs the servers): \(MemoryProbe.mebibytes(first)) after the first session → "
            + "\(MemoryProbe.mebibytes(last)) after the last\(quarters), max \(MemoryProbe.mebibytes(high)), \(samples.count) samples"
    }
}
