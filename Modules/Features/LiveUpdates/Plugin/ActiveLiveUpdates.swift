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
    /// What the stream reaches: the stores and the feed screen (weakly).
    private final class Reach {
        var stores: [any PostStore] = []
        weak var feed: (any ScreenControl)?
    }

    let connection: LiveConnection
    private let reach = Reach()
    private var hasFeed = false
    private var shown = true
    private var suspended = false

    init(context: PluginContext, http: any HTTPClient, timings: LiveTimings) {
        let reach = reach
        var targets = LiveTargets(
            stores: { reach.stores }, newestShown: { reach.feed?.newestShownPost }, newPosts: context.newPosts,
            relay: context.newPostsRelay, refreshFlags: context.refreshFlags, warn: context.warn)
        targets.onScreen = { reach.feed?.postsOnScreen ?? [] }
        let telemetry = context.telemetry
        targets.reconnecting = { attempt, wait in
            telemetry.track(.streamReconnect(attempt: attempt, waitMilliseconds: Double(wait.components.seconds) * 1_000 + Double(wait.components.attoseconds) / 1e15))
        }
        connection = LiveConnection(http: http, timings: timings, targets: targets)
    }

    func adopt(_ store: any PostStore) { reach.stores.append(store) }

    func extend(_ screen: any ScreenControl) -> (any ScreenExtension)? {
        // One stream for the app: the feed's extension hears whether the app is shown; a profile
        // over the feed keeps it open.
        guard screen.place == .feed else { return nil }
        reach.feed = screen
        hasFeed = true
        update()
        return LiveScreen(owner: self)
    }

    func switchOff() { connection.stop() }

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
