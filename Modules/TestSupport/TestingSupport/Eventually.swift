/// Waits until `condition` holds, checking between short pauses, for at most `limit`; returns
/// whether it held. For work on other tasks or threads that a test cannot await directly; the
/// limit is generous because a loaded 2-core machine can stall any one task for seconds, and a
/// condition that holds ends the wait at once.
nonisolated(nonsending) public func eventually(within limit: Duration = .seconds(30), _ condition: () async -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return await condition()
}
