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

    // MARK: Kills, logouts, the end

    /// How long the reader rests on a post before a kill that checks the place: the app saves it a
    /// second after the reader stops, and a loaded machine may take as long again.
    static let readingPause: TimeInterval = 2.5

    /// SIGKILL, then what the files hold, then the same data directory in a new process. With
    /// `reading` (and saved pages, one process), the reader first rests on a post below the top.
    func killAndRestart(reading: Bool = false) throws {
        var restingOn: String?
        if reading, flags.offlinePages, !twin.on, last.rows.count >= 3 {
            let row = 1 + Int(chaos.int(0...1_000) % min(last.rows.count - 1, 50))
            let seen = try command("see \(row)")
            if let anchor = seen.anchor, anchor != seen.rows.first?.id {
                restingOn = anchor
                event("the reader rests on \(anchor) (row \(row)) for \(Self.readingPause) s")
                Thread.sleep(forTimeInterval: Self.readingPause)
            }
        }
        client?.kill()
        result.kills += 1
        ledger.killed(twinAlive: twin.on)
        trail.note("SIGKILL\(processMark)", for: ledger.wanted.keys)
        event("SIGKILL\(processMark) after \(process.commands) commands of this process")
        endProcess()
        waitUntilServerIsQuiet(connections: !twin.on)
        var saved: [String]?
        if flags.offlinePages {
            saved = try inspect(data.feedFile, what: "saved pages") { try self.data.savedFeedIDs() } ?? []
        }
        if flags.likeQueue, let outbox = try inspect(data.outboxFile, what: "outbox", { try self.data.outboxIntents() }) {
            try verify(checker.afterKill(outbox: outbox, truth: truth, ledger: ledger))
        }
        try startClient()
        let opened = try command("open")
        // A living twin may save pages between the look and the open: either file is right.
        if var saved {
            if twin.on, opened.rows.map(\.id) != saved, let after = try? data.savedFeedIDs() { saved = after }
            try verify(checker.savedRowsShown(saved: saved, opened: opened))
            // The place is kept whenever its post was saved (a place past the saved pages cannot be).
            if let restingOn, saved.contains(restingOn) {
                result.checked(.placeKept)
                guard opened.anchor == restingOn else {
                    throw SessionStop.violation([Finding(
                        .placeKept, "the reader rested on \(restingOn) for \(Self.readingPause) s before the SIGKILL; the relaunch opened at \(opened.anchor ?? "the top")",
                        posts: [restingOn])])
                }
            }
        }
    }

    /// `PRAGMA integrity_check` of `file` (when it exists), then what `read` gets from it.
    private func inspect<T>(_ file: URL?, what: String, _ read: () throws -> T) throws -> T? {
        guard let file else { return nil }
        let integrity = DataDirectory.integrity(of: file)
        result.checked(.savedPagesSurvive)
        guard integrity == "ok" else {
            throw SessionStop.violation([Finding(.savedPagesSurvive, "integrity_check of the \(what) (\(file.lastPathComponent)) after the SIGKILL: \(integrity)")])
        }
        do {
            return try read()
        } catch {
            throw SessionStop.violation([Finding(.savedPagesSurvive, "the \(what) (\(file.lastPathComponent)) cannot be read after the SIGKILL: \(error)")])
        }
    }

    /// `logout`, then: nothing on screen, nothing in the data directory, nothing saved shown by `open`.
    func logout() throws {
        trail.note("logout", for: ledger.wanted.keys)
        // Captions long enough never to appear by chance: none may stay in the files' bytes.
        let seen = last.screens.flatMap(\.rows).compactMap(\.caption).filter { $0.utf8.count >= 16 }
        let out = try command("logout") { _ in self.ledger.loggedOut() }
        result.logouts += 1
        try verify(checker.afterLogout(out))
        let settled = try command("settle 3000", timeout: .seconds(20))
        try verify(checker.afterLogout(settled))
        let left = data.leftoversAfterLogout(texts: Array(Set(seen)))
        result.checked(.logoutForgets)
        guard left.isEmpty else {
            throw SessionStop.violation([Finding(.logoutForgets, "after logout the data directory still holds \(left.joined(separator: "; "))")])
        }
        // A healthy server may answer the first page before the answer to `open` is written (it
        // waits on the like queue's thread): rows are a violation only if no page was asked for.
        let pagesBefore = server.stats().count("GET /v1/feed")
        let opened = try command("open")
        result.checked(.logoutForgets)
        guard opened.rows.isEmpty || server.stats().count("GET /v1/feed") > pagesBefore else {
            throw SessionStop.violation([Finding(.logoutForgets, "the first answer to open after logout shows \(opened.rows.count) rows (\(InvariantChecker.list(opened.rows.map(\.id)))) before any page arrived: rows saved for the user who left")])
        }
    }

    /// The end: heal, settle, check against the server, quit (exit 0), and the saved file is sound.
    func finish() throws {
        try healedCheck()
        if let parked = other, let twinClient = parked.client {
            // The other process of a twin session quits first, checked like the last one.
            let status = twinClient.quit(timeout: .seconds(15))
            result.processes.append(parked.process)
            other = nil
            result.checked(.answersInTime)
            guard status == 0 else {
                throw SessionStop.violation([Finding(.answersInTime, status.map { "the twin's quit ended with status \($0), not 0" } ?? "the twin's quit did not end the process within 15 s")])
            }
        }
        guard let client else { return }
        let status = client.quit(timeout: .seconds(15))
        endProcess()
        result.checked(.answersInTime)
        guard status == 0 else {
            throw SessionStop.violation([Finding(.answersInTime, status.map { "quit ended with status \($0), not 0" } ?? "quit did not end the process within 15 s")])
        }
        if flags.offlinePages, let file = data.feedFile {
            result.checked(.savedPagesSurvive)
            let integrity = DataDirectory.integrity(of: file)
            guard integrity == "ok" else {
                throw SessionStop.violation([Finding(.savedPagesSurvive, "integrity_check of the saved pages after quit: \(integrity)")])
            }
        }
    }
}
