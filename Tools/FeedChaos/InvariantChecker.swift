/// The checks, as pure functions of what the client showed, what the server holds and what the
/// user did: each returns what it found and how many facts it compared.
struct InvariantChecker: Sendable {
    /// What one check found.
    struct Outcome: Sendable {
        var findings: [Finding] = []
        /// Facts compared, per invariant.
        var checks: [Invariant: Int] = [:]
        /// Rows compared with the one-like tolerance of an uncertain post.
        var lenient = 0

        /// Counts one comparison of `invariant`; keeps the finding when it failed.
        mutating func expect(_ invariant: Invariant, _ condition: Bool, _ detail: @autoclosure () -> String, posts: [String] = []) {
            checks[invariant, default: 0] += 1
            if !condition { findings.append(Finding(invariant, detail(), posts: posts)) }
        }

        mutating func merge(_ other: Outcome) {
            findings += other.findings
            checks.merge(other.checks, uniquingKeysWith: +)
            lenient += other.lenient
        }

        /// Every comparison made.
        var total: Int { checks.values.reduce(0, +) }
    }

    let flags: FlagSet

    /// Checks that hold after every answer: (1) no screen shows a post twice; (5) both screens
    /// show the same heart, count and pending mark for every post they both show (a heart only
    /// one screen knows is skipped: a failed likes read leaves it unknown there); (2) a pending
    /// heart shows the last wanted state.
    ///
    /// `elsewhere`: posts another process tapped last (a twin session); this screen may show an
    /// older heart for them, so (2) skips them.
    func everyAnswer(_ state: ClientState, ledger: LikeLedger, elsewhere: Set<String> = []) -> Outcome {
        var outcome = Outcome()
        for (name, rows) in state.screens {
            var seen = Set<String>()
            let repeated = rows.map(\.id).filter { !seen.insert($0).inserted }
            outcome.expect(.noDuplicates, repeated.isEmpty, "the \(name) shows \(Self.list(repeated)) more than once (\(rows.count) rows)", posts: repeated)
            for row in rows where row.pending && !ledger.unobserved.contains(row.id) && !elsewhere.contains(row.id) {
                guard let wanted = ledger.wanted[row.id] else {
                    outcome.expect(.likesReachServer, false, "\(row.id) on the \(name) is pending (\(row.heart)) but no tap on it was acknowledged since the last logout", posts: [row.id])
                    continue
                }
                outcome.expect(.heartsMatchServer, row.liked == wanted, "\(row.id) on the \(name) is pending with \(row.heart); the last tap wanted \(Self.heart(wanted))", posts: [row.id])
            }
        }
        if let profile = state.profile {
            let feed = Dictionary(state.rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for row in profile.rows {
                guard let other = feed[row.id] else { continue }
                let hearts = row.liked == nil || other.liked == nil || row.heart == other.heart
                let counts = ledger.isUncertain(row.id) || row.likes == other.likes
                outcome.expect(.screensAgree, hearts && counts && row.pending == other.pending,
                               "\(row.id): the feed shows \(Self.describe(other)), the profile \(Self.describe(row))", posts: [row.id])
            }
        }
        return outcome
    }

    /// (10) A command that does not take the reader to the top (`refresh`, `pill`, `open`, `logout`)
    /// never removes the feed row the reader was positioned on while it was below the first row.
    func readerKeepsRows(before: ClientState, after: ClientState, command: String) -> Outcome {
        var outcome = Outcome()
        let name = command.split(separator: " ").first.map(String.init) ?? command
        guard !["refresh", "pill", "open", "logout"].contains(name), before.screen == "feed", after.screen == "feed",
            let anchor = before.anchor, before.rows.first?.id != anchor, before.rows.contains(where: { $0.id == anchor })
        else { return outcome }
        outcome.expect(.readerKeepsRows, after.rows.contains { $0.id == anchor },
                       "'\(command)' removed \(anchor), the row the reader was on (row \(before.rows.firstIndex { $0.id == anchor } ?? -1) of \(before.rows.count)); now \(after.rows.count) rows",
                       posts: [anchor])
        return outcome
    }

    /// Checks after a settle that ended (`settled: true`) with a healthy server: (2) every heart
    /// and count equals the server's — a heart whose likes read failed may be unknown, and a post
    /// the ledger calls uncertain may be one like off; (3) with the queue nothing waits and every
    /// acknowledged tap's last wanted state is on the server; without it, a like the server does
    /// not hold shows rolled back.
    ///
    /// `elsewhere`: posts another process tapped last (a twin session): this process's screens
    /// may show them as they were before that tap, so only the server's state of them is checked.
    func afterHealthySettle(_ state: ClientState, truth: any ServerTruth, ledger: LikeLedger, elsewhere: Set<String> = []) -> Outcome {
        var outcome = Outcome()
        for (name, rows) in state.screens {
            for row in rows where !elsewhere.contains(row.id) {
                guard let server = truth.likeState(of: row.id) else {
                    outcome.expect(.heartsMatchServer, false, "\(row.id) on the \(name) is not a post of the server", posts: [row.id])
                    continue
                }
                let shows = "\(row.id) on the \(name) shows \(Self.describe(row)); the server holds \(server)"
                outcome.expect(.likesReachServer, !row.pending, "\(shows): it still waits to be sent after a settle with a healthy server", posts: [row.id])
                if ledger.isUncertain(row.id) {
                    outcome.lenient += 1
                    let off = row.likeCount.map { abs($0 - server.count) } ?? .max
                    outcome.expect(.heartsMatchServer, off <= 1, "\(shows) (more than one like apart)", posts: [row.id])
                    continue
                }
                outcome.expect(.heartsMatchServer, row.liked == nil || row.liked == server.liked, shows, posts: [row.id])
                outcome.expect(.heartsMatchServer, row.likeCount == server.count, shows, posts: [row.id])
            }
        }
        outcome.merge(likesOutcome(state, truth: truth, ledger: ledger, elsewhere: elsewhere))
        return outcome
    }

    /// The uncertain posts that every screen shows exactly as the server holds them.
    func exactlyShown(_ state: ClientState, truth: any ServerTruth, ledger: LikeLedger, elsewhere: Set<String> = []) -> Set<String> {
        var exact: [String: Bool] = [:]
        for row in state.screens.flatMap(\.rows) where ledger.isUncertain(row.id) && !elsewhere.contains(row.id) {
            let server = truth.likeState(of: row.id)
            let same = server != nil && row.liked == server?.liked && row.likeCount == server?.count && !row.pending
            exact[row.id] = (exact[row.id] ?? true) && same
        }
        return Set(exact.filter(\.value).keys)
    }

    /// (3) on its own: where each acknowledged tap ended.
    private func likesOutcome(_ state: ClientState, truth: any ServerTruth, ledger: LikeLedger, elsewhere: Set<String>) -> Outcome {
        var outcome = Outcome()
        if flags.likeQueue {
            outcome.expect(.likesReachServer, state.queued == 0, "\(state.queued) likes still wait after a settle with a healthy server")
        }
        let shown = Dictionary(state.screens.flatMap(\.rows).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (id, wanted) in ledger.wanted.sorted(by: { $0.key < $1.key }) where !ledger.isExposedToOrphans(id) {
            guard let server = truth.likeState(of: id) else { continue }
            if flags.likeQueue {
                outcome.expect(.likesReachServer, server.liked == wanted,
                               "the last acknowledged tap on \(id) wanted \(Self.heart(wanted)); the server holds \(server)", posts: [id])
            } else if server.liked != wanted, let row = shown[id], !ledger.isUncertain(id), !elsewhere.contains(id) {
                outcome.expect(.likesReachServer, row.liked != wanted,
                               "the like on \(id) failed (the server holds \(server)) but its row still shows \(row.heart)", posts: [id])
            }
        }
        return outcome
    }

    /// (3) at a kill, with the queue: each acknowledged tap's last wanted state is what the outbox
    /// holds for the post (the next start sends it), or the outbox holds nothing for it and the
    /// server has it already. An outbox row with an older state would undo the last tap.
    func afterKill(outbox: [String: Bool], truth: any ServerTruth, ledger: LikeLedger) -> Outcome {
        var outcome = Outcome()
        guard flags.likeQueue else { return outcome }
        for (id, wanted) in ledger.wanted.sorted(by: { $0.key < $1.key }) where !ledger.isExposedToOrphans(id) {
            let server = truth.likeState(of: id)
            outcome.expect(
                .likesReachServer, outbox[id] == wanted || (outbox[id] == nil && server?.liked == wanted),
                "the tap on \(id) (wanting \(Self.heart(wanted))) was answered before the SIGKILL, but the outbox holds "
                    + "\(outbox[id].map(Self.heart) ?? "nothing") for it and the server \(server.map { "\($0)" } ?? "nothing")",
                posts: [id])
        }
        return outcome
    }

    /// (4) the first answer after a restart shows the rows saved before the kill, in order.
    func savedRowsShown(saved: [String], opened: ClientState) -> Outcome {
        var outcome = Outcome()
        let shown = opened.rows.map(\.id)
        outcome.expect(.savedPagesSurvive, shown == saved,
                       "the file saved \(saved.count) rows (\(Self.list(saved))) but the first answer after the restart shows \(shown.count) (\(Self.list(shown)))")
        return outcome
    }

    /// (7) on screen, after logout: no row, no profile, nothing waiting.
    func afterLogout(_ state: ClientState) -> Outcome {
        var outcome = Outcome()
        outcome.expect(.logoutForgets, state.rows.isEmpty, "the feed still shows \(state.rows.count) rows after logout (\(Self.list(state.rows.map(\.id))))")
        outcome.expect(.logoutForgets, state.profile == nil, "a profile is still open after logout")
        outcome.expect(.logoutForgets, state.queued == 0, "\(state.queued) likes still wait after logout")
        return outcome
    }

    static func heart(_ liked: Bool?) -> String {
        switch liked {
        case true?: "liked"
        case false?: "notLiked"
        case nil: "unknown"
        }
    }

    static func describe(_ row: ClientState.Row) -> String {
        "\(row.heart), \(row.likes)\(row.pending ? ", pending" : "")"
    }

    static func list(_ ids: [String], limit: Int = 8) -> String {
        ids.count <= limit ? ids.joined(separator: " ") : ids.prefix(limit).joined(separator: " ") + " … +\(ids.count - limit)"
    }
}
