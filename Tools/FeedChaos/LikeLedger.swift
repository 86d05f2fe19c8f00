import Foundation

/// What the user did to likes during a session, as the checks need it: the last wanted state of
/// every acknowledged tap, and which posts may legitimately show one like off the server's.
struct LikeLedger: Sendable {
    /// What happened to a tap between its answer and the next settle with a healthy server.
    struct Touch: OptionSet, Sendable {
        let rawValue: Int
        /// A phase that can apply a like and lose its reply (500 after applying, a downtime).
        static let lostReply = Touch(rawValue: 1)
        /// The client was killed.
        static let kill = Touch(rawValue: 2)
        /// The user logged out (an orphaned write may still land).
        static let logout = Touch(rawValue: 4)
    }

    /// How long a like request the queue orphaned at logout may still land: the client's deadline
    /// per request (10 s, retries included) and a margin. `settle` does not wait for orphans.
    static let orphanLifetime: TimeInterval = 15

    /// The flags of the session: which touches make a post uncertain.
    let flags: FlagSet
    /// The clock the orphans' lifetime is measured with.
    let now: @Sendable () -> Date
    /// The last acknowledged wanted state of each post tapped since the last logout.
    private(set) var wanted: [String: Bool] = [:]
    /// Posts tapped since the last logout by a tap whose answer no longer showed the post (a page
    /// replaced the rows meanwhile): the tap happened, its wanted state is not known here.
    private(set) var unobserved: Set<String> = []
    /// Posts whose shown like may differ from the server's by one like, with why.
    private(set) var uncertain: [String: String] = [:]
    /// Posts tapped since the last settle with a healthy server, with what touched them since.
    private var open: [String: Touch] = [:]
    /// Posts a write orphaned by a logout (or by a twin's kill) may still change, until when.
    private var orphans: [String: Date] = [:]
    /// Orphans a twin's kill made: no logout deleted their intents, so what they want still holds.
    private var orphanedByKill: Set<String> = []
    /// Which process (0 or 1; always 0 without the twin axis) made the last acknowledged tap of
    /// each post since the last logout.
    private(set) var tapper: [String: Int] = [:]

    init(flags: FlagSet, now: @escaping @Sendable () -> Date = { Date() }) {
        self.flags = flags
        self.now = now
    }

    /// Tap on `id` answered with the heart `liked` (nil: the answer no longer showed the post), during `phase`.
    mutating func tapped(_ id: String, liked: Bool?, during phase: FaultPhase, by process: Int = 0) {
        wanted[id] = liked
        tapper[id] = process
        if liked == nil { unobserved.insert(id) } else { unobserved.remove(id) }
        var touch: Touch = phase.losesLikeReplies ? .lostReply : []
        if mayHaveOrphan(id) { touch.insert(.logout) }
        open[id, default: []].formUnion(touch)
    }

    /// A phase starts while earlier taps may still be in flight.
    mutating func phaseStarted(_ phase: FaultPhase) {
        guard phase.losesLikeReplies else { return }
        for id in open.keys { open[id]?.insert(.lostReply) }
    }

    /// The client was killed with SIGKILL: its requests end with it (the session waits until the
    /// server answered the last of them), so no orphan is left. A post whose orphan was still
    /// live may have been set back by it after later taps (the server applies likes as they
    /// arrive): those taps no longer say what the server holds, and the post is uncertain until
    /// a clean tap.
    ///
    /// With `twinAlive` (the other process of a twin session still runs, so the session cannot
    /// wait for a quiet server): a request the killed process left in its socket may still land
    /// late, with an older wanted state, so every post tapped since the last healthy settle is
    /// treated like one a logout orphaned (exempt until the request's deadline).
    mutating func killed(twinAlive: Bool = false) {
        for id in open.keys { open[id]?.insert(.kill) }
        for id in orphans.keys where mayHaveOrphan(id) {
            // A logout forgot the intent; a twin's kill did not (the outbox still holds it).
            if !orphanedByKill.contains(id) { wanted[id] = nil }
            uncertain[id] = reason(.logout)
        }
        orphans.removeAll()
        orphanedByKill.removeAll()
        guard twinAlive else { return }
        let until = now().addingTimeInterval(Self.orphanLifetime)
        for id in open.keys {
            open[id]?.insert(.logout)
            orphans[id] = until
            orphanedByKill.insert(id)
        }
    }

    /// Posts whose last acknowledged tap another process than `process` made: that process's
    /// screen may show an older heart until it loads a page (there are no live updates).
    func tappedElsewhere(than process: Int) -> Set<String> {
        Set(tapper.filter { $0.value != process }.keys)
    }

    /// The user logged out: intents are forgotten by design, and a write the queue had in flight
    /// may still land, with an older wanted state, until its deadline.
    mutating func loggedOut() {
        let until = now().addingTimeInterval(Self.orphanLifetime)
        for id in open.keys {
            open[id]?.insert(.logout)
            orphans[id] = until
        }
        wanted.removeAll()
        unobserved.removeAll()
        tapper.removeAll()
        orphanedByKill.removeAll()
    }

    /// A settle ended with a healthy server and nothing in flight: every open tap has its outcome.
    /// A tap untouched by trouble makes its post exact again; a touched one makes it uncertain when
    /// the feed cannot know the outcome: a lost reply without the queue (the like rolls back while
    /// the server applied it), a kill with saved pages (a saved row may predate the reply), a logout.
    mutating func healthySettle() {
        for (id, touch) in open {
            if let reason = reason(touch) { uncertain[id] = reason } else if !mayHaveOrphan(id) { uncertain[id] = nil }
        }
        open.removeAll()
        let time = now()
        orphans = orphans.filter { $0.value > time }
    }

    private func reason(_ touch: Touch) -> String? {
        if touch.contains(.logout) { return "a write may land late (after a logout or a kill beside a twin)" }
        if touch.contains(.lostReply) && !flags.likeQueue { return "a like reply was lost and the read-back failed" }
        if touch.contains(.kill) && flags.offlinePages { return "killed before the saved row took the reply" }
        return nil
    }

    /// A check with a healthy server, nothing in flight, found every row of these posts exactly as
    /// the server holds them: whatever made them uncertain is gone (every later page is newer than
    /// the server's final state, and only taps change the post otherwise) — unless an orphaned
    /// write may still land.
    mutating func confirmExact(_ ids: some Sequence<String>) {
        for id in ids where !mayHaveOrphan(id) { uncertain[id] = nil }
    }

    /// Whether a write orphaned by a logout may still change the post on the server.
    func mayHaveOrphan(_ id: String) -> Bool {
        orphans[id].map { $0 > now() } ?? false
    }

    /// Whether the post's shown like may be one like off the server's.
    func isUncertain(_ id: String) -> Bool {
        uncertain[id] != nil || mayHaveOrphan(id) || open[id].map { reason($0) != nil } == true
    }

    /// Whether the server's state of the post may be another than the last wanted one for a reason
    /// the feed does not control: a write orphaned by a logout.
    func isExposedToOrphans(_ id: String) -> Bool {
        mayHaveOrphan(id) || open[id]?.contains(.logout) == true || uncertain[id] == reason(.logout)
    }
}
