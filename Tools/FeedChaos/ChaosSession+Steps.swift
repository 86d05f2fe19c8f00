import FeedServer
import Foundation

/// The session's actions: commands with their checks, settles, kills, logouts and the end.
extension ChaosSession {
    static let answerTimeout: Duration = .seconds(10)
    static let healthySettleMS = 10_000
    static let faultySettleMS = 2_000
    /// A process may grow this much from its first settled state to its 1,000th command.
    static let memoryLimit = 10 << 20

    func perform(_ action: ChaosAction) throws {
        switch action {
        case .open: _ = try command("open")
        case .see(let row): _ = try command("see \(row)")
        case .tapBurst(let post, let times):
            for _ in 0..<times {
                _ = try command("tap \(post)") { state in
                    // The heart of the answer is the wanted one; an unknown heart could not be tapped.
                    let row = state.shownRows.first { $0.id == post }
                    if row == nil || row?.liked != nil { self.ledger.tapped(post, liked: row?.liked, during: self.phase, by: self.active) }
                }
            }
        case .settle: try settle()
        case .refresh: _ = try command("refresh")
        case .retry: _ = try command("retry")
        case .profile(let post): _ = try command("profile \(post)")
        case .back: _ = try command("back")
        case .pill: _ = try command("pill")
        case .hide:
            _ = try command("hide")
            hidden = true
        case .show:
            _ = try command("show")
            hidden = false
        case .state: _ = try command("state")
        case .logout: try logout()
        }
    }

    /// Sends one command, checks what every answer must hold and returns the state. `received`
    /// sees a state before the checks (to record a tap's wanted heart).
    @discardableResult
    func command(_ text: String, timeout: Duration = answerTimeout, received: (ClientState) -> Void = { _ in }) throws -> ClientState {
        guard let client else { throw SessionStop.environment("no client is running") }
        result.commands += 1
        process.commands += 1
        let state: ClientState
        let sent = ContinuousClock.now
        let reply = client.send(text, timeout: timeout)
        let took = ContinuousClock.now - sent
        switch reply {
        case .timedOut:
            log.command(result.commands, text, answer: "(no answer)")
            throw SessionStop.violation([Finding(.answersInTime, "'\(text)' got no answer within \(timeout)")])
        case .exited(let status, let reason):
            log.command(result.commands, text, answer: "(exited)")
            throw SessionStop.violation([Finding(.answersInTime, "feed exited with status \(status) during '\(text)' (\(reason)) — a crash, not our SIGKILL")])
        case .line(let line):
            result.checked(.answersInTime)
            guard let parsed = ClientState.parse(line) else {
                log.command(result.commands, text, answer: String(line.prefix(200)))
                throw SessionStop.violation([Finding(.answersInTime, "'\(text)' was answered with a line that is not a state: \(line.prefix(200))")])
            }
            state = parsed
        }
        let named = text.split(separator: " ").dropFirst().first.map(String.init)
        let trimmed = CommandLog.trimmed(state, focus: named)
        trail.record(result.commands, text + processMark, state)
        log.command(result.commands, text + processMark, answer: trimmed)
        if options.trace { FileHandle.standardError.write(Data("[\(index) #\(result.commands)] \(text)\(processMark) → \(trimmed)\n".utf8)) }
        try checkPhotos(text, took: took, state)
        guard state.error == nil else { return state }
        received(state)
        let before = last
        last = state
        try verify(checker.everyAnswer(state, ledger: ledger, elsewhere: tappedElsewhere))
        try verify(checker.readerKeepsRows(before: before, after: state, command: text))
        try sampleMemory(state)
        return state
    }

    func verify(_ outcome: InvariantChecker.Outcome) throws {
        result.checks.merge(outcome.checks, uniquingKeysWith: +)
        result.lenient += outcome.lenient
        if !outcome.findings.isEmpty { throw SessionStop.violation(outcome.findings) }
    }

    private func sampleMemory(_ state: ClientState) throws {
        guard let client else { return }
        if state.settled == true, process.firstSettled == nil { process.firstSettled = client.residentBytes }
        guard process.commands == 1_000 else { return }
        process.atThousand = client.residentBytes
        if let growth = process.growth, let first = process.firstSettled {
            result.checked(.memoryBounded)
            if growth > Self.memoryLimit {
                throw SessionStop.violation([Finding(.memoryBounded, "VmRSS grew from \(MemoryProbe.mebibytes(first)) at the first settle to \(MemoryProbe.mebibytes(first + growth)) after 1,000 commands")])
            }
        }
    }

    /// With photos on: a command but `settle` answers within 5 s, every photo state is a known
    /// one, and at a settle the client's VmRSS is under 200 MB.
    private func checkPhotos(_ text: String, took: Duration, _ state: ClientState) throws {
        guard photos.on else { return }
        if !text.hasPrefix("settle") {
            result.checked(.photosBehave)
            result.slowestAnswerMS = max(result.slowestAnswerMS, Int(took / .milliseconds(1)))
            guard took <= PhotoAxis.answerBound else {
                throw SessionStop.violation([Finding(.photosBehave, "'\(text)' was answered after \(Int(took / .milliseconds(1))) ms, more than \(PhotoAxis.answerBound) with photos loading")])
            }
        }
        for (name, rows) in state.screens {
            result.checked(.photosBehave)
            for row in rows { result.photoStates[row.photo ?? "absent", default: 0] += 1 }
            if let bad = rows.first(where: { $0.photo.map { !PhotoAxis.knownStates.contains($0) } ?? false }) {
                throw SessionStop.violation([Finding(.photosBehave, "row \(bad.id) on the \(name) screen shows the photo state \"\(bad.photo ?? "")\"", posts: [bad.id])])
            }
        }
        if state.settled != nil, let rss = client?.residentBytes {
            result.checked(.photosBehave)
            result.maxResidentBytes = max(result.maxResidentBytes, rss)
            guard rss < PhotoAxis.residentLimit else {
                throw SessionStop.violation([Finding(.photosBehave, "VmRSS is \(MemoryProbe.mebibytes(rss)) at a settle with photos on, over \(MemoryProbe.mebibytes(PhotoAxis.residentLimit))")])
            }
        }
    }

    // MARK: Settles

    /// A scripted settle: with a healthy server its answer is checked against the server; after a
    /// faulty one the server is healed, the feed settles again and that answer is checked.
    func settle() throws {
        let healthy = phase.isHealthy
        let milliseconds = healthy ? Self.healthySettleMS : Self.faultySettleMS
        // With a twin, the other process settles first: its outbox rows are sent before this
        // process's settle is checked (both drain the one file).
        if healthy { try settleTwin(milliseconds: milliseconds) }
        let state = try command("settle \(milliseconds)", timeout: .milliseconds(milliseconds) + .seconds(15))
        if healthy && state.settled == true {
            try checkAgainstServer(state)
        } else {
            let faulty = phase
            try healedCheck()
            try apply(faulty)
        }
    }

    /// Heals every fault, settles until nothing is in flight and checks against the server.
    func healedCheck() throws {
        if !phase.isHealthy {
            try apply(FaultPhase())
            event("healed for a check")
        }
        try settleTwin(milliseconds: 15_000)
        var state = ClientState()
        for _ in 0..<4 {
            state = try command("settle 15000", timeout: .seconds(30))
            if state.settled == true { break }
        }
        guard state.settled == true else {
            throw SessionStop.violation([Finding(.answersInTime, "with a healthy server, four settles of 15 s each did not settle")])
        }
        try checkAgainstServer(state)
    }

    /// A twin session's other process settles (its answer gets the every-answer checks only).
    private func settleTwin(milliseconds: Int) throws {
        guard twin.on, other?.client != nil else { return }
        let back = active
        switchTo(1 - active)
        defer { switchTo(back) }
        _ = try command("settle \(milliseconds)", timeout: .milliseconds(milliseconds) + .seconds(15))
    }

    private func checkAgainstServer(_ state: ClientState) throws {
        ledger.healthySettle()
        try verify(checker.afterHealthySettle(state, truth: truth, ledger: ledger, elsewhere: tappedElsewhere))
        ledger.confirmExact(checker.exactlyShown(state, truth: truth, ledger: ledger, elsewhere: tappedElsewhere))
    }
}
