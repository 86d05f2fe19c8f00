/// Waits until `condition` holds, checking between short pauses, for at most `limit` of waiting
/// while this task runs; returns whether it held. For work on other tasks or threads that a test
/// cannot await directly. A gap between two checks far longer than the pause is time this task was
/// not run at all (both Swift concurrency threads of a 2-core box busy with other tests' CPU work,
/// or the box stalled): it counts as one pause, so a starved wait does not fail for want of a turn
/// (a full run beside feed-chaos failed dozens of waits that way). Four times `limit` on the wall
/// clock ends it whatever happens.
nonisolated(nonsending) public func eventually(within limit: Duration = .seconds(30), _ condition: () async -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let start = clock.now
    var waited = Duration.zero
    var last = start
    while waited < limit, clock.now - start < limit * 4 {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(2))
        let now = clock.now
        waited += min(now - last, longestCountedGap)
        last = now
    }
    return await condition()
}

/// The most one gap between checks counts: a pause, a check and some scheduling.
private let longestCountedGap = Duration.milliseconds(100)
