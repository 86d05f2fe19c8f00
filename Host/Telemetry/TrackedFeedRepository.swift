import FeedInterface
import Foundation
import Synchronization
import TelemetryInterface

/// The app's feed, tracking each page load (its outcome and time) and the first page from the network.
final class TrackedFeedRepository: FeedRepository {
    private let base: any FeedRepository
    private let telemetry: TelemetryTracker
    private let started: ContinuousClock.Instant
    private let state = Mutex((pages: 0, firstDone: false))

    init(base: any FeedRepository, telemetry: TelemetryTracker, started: ContinuousClock.Instant) {
        self.base = base
        self.telemetry = telemetry
        self.started = started
    }

    func posts(after cursor: Cursor?) async throws -> FeedPage {
        try await tracked(cursor) { try await base.posts(after: cursor) }
    }

    /// Passed through, so rows still show before their hearts; the page counts once its posts answered.
    func pageAwaitingLikes(after cursor: Cursor?) async throws -> PageAwaitingLikes {
        try await tracked(cursor) { try await base.pageAwaitingLikes(after: cursor) }
    }

    private func tracked<T>(_ cursor: Cursor?, _ load: () async throws -> T) async throws -> T {
        let page = cursor == nil ? 0 : state.withLock { $0.pages += 1; return $0.pages }
        let begin = ContinuousClock.now
        do {
            let result = try await load()
            telemetry.track(.pageLoad(ok: true, page: page, milliseconds: (ContinuousClock.now - begin).milliseconds))
            if cursor == nil, state.withLock({ state in defer { state.firstDone = true }; return !state.firstDone }) {
                telemetry.track(.firstPage(source: .network, milliseconds: (ContinuousClock.now - started).milliseconds))
            }
            return result
        } catch {
            // A refresh that replaced this load is not a failure.
            if !(error is CancellationError) && !Task.isCancelled {
                telemetry.track(.pageLoad(ok: false, page: page, milliseconds: (ContinuousClock.now - begin).milliseconds))
            }
            throw error
        }
    }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
    }
}
