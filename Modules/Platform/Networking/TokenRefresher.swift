/// Coalesces token refreshes: every request refused with the same token waits for one refresh.
actor TokenRefresher {
    private let provider: any AccessTokenProvider
    /// The token the last successful refresh returned.
    private var latest: String?
    private var isRefreshing = false
    private var waiters: [Int: CheckedContinuation<String, any Error>] = [:]
    private var nextWaiter = 0

    init(provider: any AccessTokenProvider) {
        self.provider = provider
    }

    /// A token to use instead of `rejected`: the one a refresh already produced since `rejected`
    /// was sent, else the result of the refresh in flight, else of a new one.
    /// Cancelling the caller stops its wait, not the shared refresh.
    func token(replacing rejected: String?) async throws -> String {
        if !isRefreshing, let latest, latest != rejected { return latest }
        let id = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                waiters[id] = continuation
                if !isRefreshing {
                    isRefreshing = true
                    startRefresh(rejected: rejected)
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func startRefresh(rejected: String?) {
        let provider = provider
        Task {
            let result: Result<String, any Error>
            do {
                result = .success(try await provider.refreshToken(rejected: rejected))
            } catch {
                result = .failure(error)
            }
            finish(result)
        }
    }

    private func finish(_ result: Result<String, any Error>) {
        isRefreshing = false
        if case .success(let token) = result { latest = token }
        let waiting = waiters.values
        waiters.removeAll()
        for continuation in waiting { continuation.resume(with: result) }
    }

    private func cancelWaiter(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}
