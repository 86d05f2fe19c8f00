/// Reads that follow a page's rows (the feed's likes read): rows show as soon as the page
/// answers, each waits for its own page's read, and a newer read of the same row takes it over.
/// In flight until every read has ended, so a screen is not idle while its rows wait.
@MainActor
public final class FollowUpReads<ID: Hashable & Sendable, Answer: Sendable> {
    private var reads: [Int: Task<Answer?, Never>] = [:]
    /// The read each row waits for.
    private var owners: [ID: Int] = [:]
    private var last = 0

    /// Nothing is read yet.
    public init() {}

    /// No read is in flight.
    public var isEmpty: Bool { reads.isEmpty }

    /// Starts `read` for the rows `ids`; once it ends, `done` gets its answer (`nil`: it failed or
    /// was cancelled) and the rows that still waited for it. The task gives the answer too.
    public func start(
        _ ids: [ID], read: @escaping @Sendable () async throws -> Answer,
        done: @escaping @MainActor (_ answer: Answer?, _ ended: [ID]) -> Void
    ) -> Task<Answer?, Never> {
        last += 1
        let number = last
        for id in ids { owners[id] = number }
        let task = Task { [weak self] () -> Answer? in
            let answer = try? await read()
            guard let self else { return answer }
            let ended = ids.filter { owners[$0] == number }
            for id in ended { owners[id] = nil }
            reads[number] = nil
            let kept = Task.isCancelled ? nil : answer
            done(kept, ended)
            return kept
        }
        reads[number] = task
        return task
    }

    /// Cancels every read (a logout): `done` still runs, with no answer and no rows.
    public func cancelAll() {
        for task in reads.values { task.cancel() }
        owners.removeAll()
    }
}
