/// Counts calls and lets a test await a count without sleeping.
public actor CallCounter {
    private var count = 0
    private var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates a counter at zero.
    public init() {}

    /// The number of calls so far.
    public var value: Int { count }

    /// Records one call.
    public func increment() {
        count += 1
        let ready = waiters.filter { $0.target <= count }
        waiters.removeAll { $0.target <= count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Suspends until at least `target` calls were recorded.
    public func wait(for target: Int) async {
        if count >= target { return }
        await withCheckedContinuation { waiters.append((target, $0)) }
    }
}
