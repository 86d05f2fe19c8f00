/// The one page request in flight for a paged list: starting one cancels the last, and an answer
/// that arrives after a newer request started is dropped, so pages never land out of order.
@MainActor
public final class PageRequest<Cursor: Sendable, Page: Sendable> {
    private let fetch: @Sendable (Cursor?) async throws -> Page
    private var task: Task<Void, Never>?
    private var number = 0

    /// Creates the request slot over `fetch`, which loads the page after a cursor (`nil`: the first).
    public init(fetch: @escaping @Sendable (Cursor?) async throws -> Page) {
        self.fetch = fetch
    }

    /// Whether a request is in flight.
    public var isLoading: Bool { task != nil }

    /// The request in flight, if any.
    public var current: Task<Void, Never>? { task }

    /// Cancels the request in flight, if any; its answer is dropped.
    public func cancel() {
        task?.cancel()
        task = nil
        number += 1
    }

    /// Cancels the request in flight and loads the page after `cursor`; `finish` runs on the main
    /// actor with the answer unless another request started (or `cancel`) since.
    @discardableResult
    public func start(after cursor: Cursor?, finish: @escaping @MainActor (Result<Page, any Error>) -> Void) -> Task<Void, Never> {
        cancel()
        let mine = number
        let fetch = fetch
        let task = Task {
            let result: Result<Page, any Error>
            do { result = .success(try await fetch(cursor)) } catch { result = .failure(error) }
            guard mine == number else { return }
            self.task = nil
            finish(result)
        }
        self.task = task
        return task
    }
}
