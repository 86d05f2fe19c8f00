import FeedInterface
import PluginInterface

/// Polls for posts newer than the first one shown (`new-posts-pill`): every `interval`, only while
/// the feed is visible and not suspended, never before the first page or during a refresh, one poll
/// at a time. Errors are silent and back off (2×, 4× … 16× the interval); each count is reported
/// with the first post it counts from, and no row ever moves for it.
@MainActor
public final class NewPostsPoller {
    /// The time between polls.
    public let interval: Duration
    /// Whether the feed screen is on screen (not behind another screen or app).
    public private(set) var isVisible = true
    /// Whether the process is suspended (SIGTSTP).
    public private(set) var isSuspended = false
    /// Polls sent so far.
    public private(set) var polls = 0

    private let counter: any NewPostsCounter
    private weak var screen: (any ScreenControl)?
    private let report: @MainActor (Int, PostID) -> Void
    private let sleep: @Sendable (Duration) async throws -> Void
    private let rests: @MainActor () -> Bool
    private var task: Task<Void, Never>?
    private var failures = 0

    /// A poller for `screen` over `counter` that hands each count to `report`; `sleep` waits
    /// between polls (injected in tests).
    public init(
        screen: any ScreenControl, counter: any NewPostsCounter, interval: Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        rests: @escaping @MainActor () -> Bool = { false },
        report: @escaping @MainActor (Int, PostID) -> Void
    ) {
        self.screen = screen
        self.report = report
        self.counter = counter
        self.interval = max(interval, .seconds(1))
        self.sleep = sleep
        self.rests = rests
    }

    /// Starts polling; calling it again does nothing.
    public func start() {
        guard task == nil else { return }
        task = Task { [weak self] in await self?.run() }
    }

    /// Stops polling for good (the flag was switched off).
    public func stop() {
        task?.cancel()
        task = nil
    }

    /// The feed screen left (`false`) or came back (`true`).
    public func setVisible(_ visible: Bool) { isVisible = visible }

    /// The process was suspended (`true`) or resumed (`false`).
    public func setSuspended(_ suspended: Bool) { isSuspended = suspended }

    /// Polls at once, then every interval again (the reader came back); nothing when stopped.
    public func pollNow() {
        guard let running = task else { return }
        running.cancel()
        failures = 0
        task = Task { [weak self] in await self?.run(immediately: true) }
    }

    private func run(immediately: Bool = false) async {
        var immediately = immediately
        while !Task.isCancelled {
            let wait = interval * (1 << min(failures, 4))
            if !immediately {
                do { try await sleep(wait) } catch { return }
            }
            immediately = false
            // While counts are pushed (a live stream), polling rests: it is the fallback.
            guard !Task.isCancelled, isVisible, !isSuspended, !rests(), let screen, let first = screen.newestShownPost else { continue }
            polls += 1
            do {
                let count = try await counter.newPostCount(since: first)
                failures = 0
                // The reader may have left, refreshed or moved on while the answer was out.
                guard !Task.isCancelled, screen.newestShownPost == first else { continue }
                report(count, first)
            } catch {
                failures += 1
            }
        }
    }
}
