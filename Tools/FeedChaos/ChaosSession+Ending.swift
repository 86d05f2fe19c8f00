import FeedServer
import Foundation

/// A session's kills and restarts, logouts, and its last checks.
extension ChaosSession {
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
