/// Chooses each step from the state the client showed last: `see` mostly near the end (so pages
/// load), bursts of taps on one post, settles, refreshes, retries, profiles, the pill, hide/show,
/// rarely a logout.
struct ScriptPlanner: Sendable {
    let flags: FlagSet

    private enum Kind: CaseIterable { case see, tap, settle, refresh, retry, profile, back, pill, hideOrShow, state, logout, open }

    /// The next action after `state`; `hidden` says whether the feed screen was sent `hide`.
    func next(_ draws: StepDraws, state: ClientState, hidden: Bool) -> ChaosAction {
        let rows = state.shownRows
        let onProfile = state.profile != nil
        var weights: [(Kind, Double)] = [(.settle, 12), (.state, 3), (.refresh, onProfile ? 2 : 5), (.retry, 4), (.logout, 0.7)]
        if rows.isEmpty {
            weights += [(.open, 12), (.settle, 10)]
        } else {
            weights += [(.see, 28), (.tap, 16)]
            if flags.sharedPostStore { weights.append((.profile, onProfile ? 2 : 6)) }
        }
        if onProfile { weights.append((.back, 10)) }
        if state.pill != nil { weights.append((.pill, 10)) }
        weights.append((.hideOrShow, 3))
        let total = weights.reduce(0) { $0 + $1.1 }
        var point = StepDraws.fraction(draws.kind) * total
        var kind = weights[weights.count - 1].0
        for (candidate, weight) in weights {
            if point < weight {
                kind = candidate
                break
            }
            point -= weight
        }
        return action(kind, draws, rows: rows, hidden: hidden)
    }

    private func action(_ kind: Kind, _ draws: StepDraws, rows: [ClientState.Row], hidden: Bool) -> ChaosAction {
        switch kind {
        case .see: return .see(row: seeRow(draws, count: rows.count))
        case .tap: return tapBurst(draws, rows: rows) ?? .state
        case .settle: return .settle
        case .refresh: return .refresh
        case .retry: return .retry
        case .profile: return rows.isEmpty ? .state : .profile(post: rows[Int(draws.pick % UInt64(rows.count))].id)
        case .back: return .back
        case .pill: return .pill
        case .hideOrShow: return hidden ? .show : .hide
        case .state: return .state
        case .logout: return .logout
        case .open: return .open
        }
    }

    /// Mostly one of the last six rows (the next page loads 5 from the end), else any row.
    private func seeRow(_ draws: StepDraws, count: Int) -> Int {
        guard count > 0 else { return 0 }
        if draws.count % 10 < 6 { return max(0, count - 1 - Int(draws.pick % 6)) }
        return Int(draws.pick % UInt64(count))
    }

    /// A burst on one post whose heart is known: once half the time, up to 7 times in a row.
    func tapBurst(_ draws: StepDraws, rows: [ClientState.Row]) -> ChaosAction? {
        let known = rows.filter { $0.liked != nil }
        guard !known.isEmpty else { return nil }
        let post = known[Int(draws.pick % UInt64(known.count))].id
        let roll = draws.count % 10
        let times = roll < 5 ? 1 : roll < 8 ? 2 + Int(draws.extra % 2) : 4 + Int(draws.extra % 4)
        return .tapBurst(post: post, times: times)
    }
}
