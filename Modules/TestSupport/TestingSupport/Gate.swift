/// A one-shot barrier: callers of `wait()` suspend until `open()`.
public actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a closed gate.
    public init() {}

    /// Suspends until the gate is open.
    public func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Opens the gate and releases every waiter.
    public func open() {
        isOpen = true
        let released = waiters
        waiters.removeAll()
        for waiter in released { waiter.resume() }
    }
}
