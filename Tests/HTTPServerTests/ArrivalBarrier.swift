/// Counts arrivals and lets each arrival wait until `target` have arrived.
actor ArrivalBarrier {
    private let target: Int
    private var arrived = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(target: Int) {
        self.target = target
    }

    func arrive() async {
        arrived += 1
        if arrived >= target {
            for waiter in waiters { waiter.resume() }
            waiters.removeAll()
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }
}
