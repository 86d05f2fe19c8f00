import FeedInterface
import LiveUpdatesInterface
import Networking
import PluginInterface
import PostStoreInterface
import TelemetryInterface

/// `live-updates` switched on: the app's one stream, open while the feed screen exists, the app
/// is shown and not suspended; it changes every post store the app has.
@MainActor
final class ActiveLiveUpdates: ActivePlugin {
    /// What the stream reaches: the stores, the feed screen and the screens over it (weakly).
    @MainActor
    private final class Reach {
        final class Held {
            weak var screen: (any ScreenControl)?
            init(_ screen: any ScreenControl) { self.screen = screen }
        }

        var stores: [any PostStore] = []
        weak var feed: (any ScreenControl)?
        var overFeed: [Held] = []

        /// The posts any screen shows now: none of them leaves from under the reader.
        var onEveryScreen: Set<PostID> {
            overFeed.removeAll { $0.screen == nil }
            return Set((feed?.postsOnScreen ?? []) + overFeed.flatMap { $0.screen?.postsOnScreen ?? [] })
        }
    }

    let connection: LiveConnection
    /// Posts deleted on the server, a filter of the app's post pipeline.
    let deleted = DeletedPosts()
    private let reach = Reach()
    private let pipeline: any PostPipeline
    /// Checks twice a second, while a deleted post waits under the reader, whether it left the screen.
    private var waitingCheck: Task<Void, Never>?
    private var hasFeed = false
    private var shown = true
    private var suspended = false

    init(context: PluginContext, http: any HTTPClient, dialect: (any LiveStreamDialect)?, timings: LiveTimings) {
        let reach = reach
        pipeline = context.postPipeline
        var targets = LiveTargets(
            stores: { reach.stores }, newestShown: { reach.feed?.newestShownPost }, newPosts: context.newPosts,
            relay: context.newPostsRelay, refreshFlags: context.refreshFlags, warn: context.warn)
        targets.onScreen = { reach.feed?.postsOnScreen ?? [] }
        let telemetry = context.telemetry
        targets.reconnecting = { attempt, wait in
            telemetry.track(.streamReconnect(attempt: attempt, waitMilliseconds: Double(wait.components.seconds) * 1_000 + Double(wait.components.attoseconds) / 1e15))
        }
        let deletions = Deletions()
        targets.deleted = { deletions.owner?.heard(deleted: $0) }
        connection = LiveConnection(http: http, dialect: dialect, timings: timings, targets: targets)
        context.postPipeline.add(deleted)
        deletions.owner = self
    }

    /// Where the stream's deletions go, set once the follow-up exists.
    private final class Deletions {
        weak var owner: ActiveLiveUpdates?
    }

    /// Posts were deleted on the server: every screen drops them, except those under the reader,
    /// which go once the reader moves on.
    func heard(deleted ids: [PostID]) {
        guard deleted.add(ids, onScreen: reach.onEveryScreen) else { return }
        pipeline.filtersChanged()
        guard !deleted.waiting.isEmpty, waitingCheck == nil else { return }
        waitingCheck = Task { [weak self] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: .milliseconds(500)) } catch { return }
                guard let self else { return }
                if self.deleted.release(notIn: self.reach.onEveryScreen) { self.pipeline.filtersChanged() }
                if self.deleted.waiting.isEmpty {
                    self.waitingCheck = nil
                    return
                }
            }
        }
    }

    func adopt(_ store: any PostStore) { reach.stores.append(store) }

    func extend(_ screen: any ScreenControl) -> (any ScreenExtension)? {
        // One stream for the app: the feed's extension hears whether the app is shown; a profile
        // over the feed keeps it open, and a deletion never takes a post from under its reader.
        guard screen.place == .feed else {
            reach.overFeed.append(Reach.Held(screen))
            return nil
        }
        reach.feed = screen
        hasFeed = true
        update()
        return LiveScreen(owner: self, deleted: deleted)
    }

    func switchOff() {
        connection.stop()
        waitingCheck?.cancel()
        waitingCheck = nil
        deleted.isApplied = false
    }

    func settle(timeout: Duration) async -> Bool { await connection.settle(timeout: timeout) }

    func value(of field: HeadlessField) async -> String { "\"\(connection.state.rawValue)\"" }

    /// The app was shown or hidden.
    func setShown(_ shown: Bool) {
        self.shown = shown
        update()
    }

    /// The process was suspended or resumed.
    func setSuspended(_ suspended: Bool) {
        self.suspended = suspended
        update()
    }

    private func update() { connection.setWanted(hasFeed && shown && !suspended) }
}
