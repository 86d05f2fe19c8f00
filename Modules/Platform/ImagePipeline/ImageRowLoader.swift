import ImageCodec

/// Photos for the rows of a scrolling list. Each frame the screen says which rows are visible
/// and which come next (the next screenful), each with its photo request; the loader starts what
/// is missing (visible rows first, the rest at prefetch priority), raises a prefetch that became
/// visible, and cancels the rows that left both lists. A row is any stable id (a post id or a
/// reused slot): when a row is given another photo, the old photo is never delivered there.
/// A photo that failed for a transient reason is tried again while its row is wanted, after
/// `retryDelay`, doubling up to 32 times it.
@MainActor
public final class ImageRowLoader<Row: Hashable & Sendable> {
    private struct Entry {
        let request: ImageRequest
        var ticket: UInt64
        var priority: ImagePriority
        var token: ImageLoadToken?
        var state: ImageRowState
        /// Transient failures in a row, for the backoff.
        var failures = 0
        /// The pending retry of a transient failure.
        var retry: Task<Void, Never>?
    }

    private let pipeline: ImagePipeline
    private let onChange: @MainActor (Row) -> Void
    private let retryDelay: Duration
    private var entries: [Row: Entry] = [:]
    private var lastTicket: UInt64 = 0

    /// Creates a loader; `onChange` runs on the main actor when a row's photo arrived or failed;
    /// a transient failure is tried again after `retryDelay`, then twice as long each time.
    public init(
        pipeline: ImagePipeline, retryDelay: Duration = .seconds(2), onChange: @escaping @MainActor (Row) -> Void = { _ in }
    ) {
        self.pipeline = pipeline
        self.retryDelay = retryDelay
        self.onChange = onChange
    }

    /// Tells which rows are on screen and which come next. A photo already in memory is ready
    /// when this returns; rows in neither list are cancelled and forgotten.
    public func update(visible: [(Row, ImageRequest)], upcoming: [(Row, ImageRequest)] = []) {
        var wanted: [Row: (ImageRequest, ImagePriority)] = [:]
        var order: [Row] = []
        for (row, request) in visible where wanted[row] == nil {
            wanted[row] = (request, .visible)
            order.append(row)
        }
        for (row, request) in upcoming where wanted[row] == nil {
            wanted[row] = (request, .prefetch)
            order.append(row)
        }
        // Old loads are dropped only after the new ones joined, so a photo that moved from one
        // row to another keeps its download.
        var dropped: [ImageLoadToken] = []
        for (row, entry) in entries where wanted[row] == nil {
            if let token = entry.token { dropped.append(token) }
            entry.retry?.cancel()
            entries[row] = nil
        }
        for row in order {
            guard let (request, priority) = wanted[row] else { continue }
            if let token = start(request, priority: priority, for: row) { dropped.append(token) }
        }
        for token in dropped { token.cancel() }
    }

    /// Where the photo of `row` stands, or nil when the row was not asked for.
    public func state(of row: Row) -> ImageRowState? {
        entries[row]?.state
    }

    /// The decoded photo of `row`, if it has arrived and still belongs to the row.
    public func image(for row: Row) -> RGBImage? {
        if case .ready(let image) = entries[row]?.state { return image }
        return nil
    }

    /// Cancels every row's load and forgets them.
    public func cancelAll() {
        for entry in entries.values {
            entry.token?.cancel()
            entry.retry?.cancel()
        }
        entries = [:]
    }

    /// Starts or re-prioritizes the load of `row`; returns the token of a photo the row no longer shows.
    private func start(_ request: ImageRequest, priority: ImagePriority, for row: Row) -> ImageLoadToken? {
        if var entry = entries[row], entry.request.url == request.url, entry.request.size == request.size {
            if entry.priority != priority {
                entry.priority = priority
                entry.token?.setPriority(priority)
                entries[row] = entry
            }
            return nil
        }
        // A new row, or a row given another photo: the old load is dropped.
        let replaced = entries[row]?.token
        entries[row]?.retry?.cancel()
        var prioritized = request
        prioritized.priority = priority
        if let image = pipeline.cachedImage(for: prioritized) {
            entries[row] = Entry(request: prioritized, ticket: nextTicket(), priority: priority, token: nil, state: .ready(image))
            return replaced
        }
        entries[row] = Entry(request: prioritized, ticket: 0, priority: priority, token: nil, state: .loading)
        download(row)
        return replaced
    }

    /// Starts the download of the row's entry under a new ticket.
    private func download(_ row: Row) {
        guard let request = entries[row]?.request else { return }
        let ticket = nextTicket()
        entries[row]?.ticket = ticket
        let token = pipeline.load(request) { [weak self] result in
            Task { @MainActor in self?.deliver(result, to: row, ticket: ticket) }
        }
        if entries[row]?.ticket == ticket { entries[row]?.token = token }
    }

    /// Tries a transiently failed photo again, if the row still waits for that failed load.
    private func retry(_ row: Row, ticket: UInt64) {
        guard let entry = entries[row], entry.ticket == ticket, case .failed = entry.state else { return }
        entries[row]?.retry = nil
        download(row)
    }

    /// Whether a retry of the row's photo is pending (tests).
    func isRetryPending(_ row: Row) -> Bool { entries[row]?.retry != nil }

    /// The ticket of the row's current load (tests).
    func ticket(of row: Row) -> UInt64? { entries[row]?.ticket }

    /// Hands a finished load to its row, if the row still shows that load (internal for tests).
    func deliver(_ result: Result<RGBImage, ImageLoadError>, to row: Row, ticket: UInt64) {
        // The row was reused for another photo (or left): this one is not its photo any more.
        guard var entry = entries[row], entry.ticket == ticket else { return }
        switch result {
        case .success(let image):
            entry.state = .ready(image)
        case .failure(.cancelled):
            // Cancelled under the row (the caches were emptied): ask again at the next update.
            entries[row] = nil
            return
        case .failure(let error):
            entry.state = .failed(error)
            if error.isTransient {
                let delay = retryDelay * (1 << min(entry.failures, 5))
                entry.failures += 1
                entry.retry = Task { @MainActor [weak self] in
                    try? await Task.sleep(for: delay)
                    if !Task.isCancelled { self?.retry(row, ticket: ticket) }
                }
            }
        }
        entry.token = nil
        entries[row] = entry
        onChange(row)
    }

    private func nextTicket() -> UInt64 {
        lastTicket += 1
        return lastTicket
    }
}
