import FeedInterface
import PluginInterface

/// `new-posts-pill` switched on: a pill and its poller for every feed screen.
@MainActor
final class ActiveNewPostsPill: ActivePlugin {
    private let context: PluginContext
    private let interval: Duration
    private var pills: [NewPostsPill] = []
    private var switchedOff = false

    init(context: PluginContext, interval: Duration) {
        self.context = context
        self.interval = interval
    }

    func extend(_ screen: any ScreenControl) -> (any ScreenExtension)? {
        // Only the feed polls: a screen over it has no first row to count from.
        guard !switchedOff, screen.place == .feed else { return nil }
        let pill = NewPostsPill(screen: screen)
        let relay = context.newPostsRelay
        pill.attach(
            NewPostsPoller(screen: screen, counter: context.newPosts, interval: interval, rests: { relay.isPushing }) { [weak pill] count, first in
                pill?.report(count, since: first)
            })
        // Counts a live stream pushes count as a poll's; one the first row has moved past is dropped.
        relay.listen { [weak pill, weak screen] count, first in
            guard !(self.switchedOff), let pill, screen?.newestShownPost == first else { return }
            pill.report(count, since: first)
        }
        pills.append(pill)
        return pill
    }

    /// The reader came back: every pill polls at once.
    func returned() {
        guard !switchedOff else { return }
        for pill in pills { pill.pollNow() }
    }

    func switchOff() {
        switchedOff = true
        for pill in pills { pill.stop() }
    }

    func perform(_ command: HeadlessCommandSpec, argument: String?, on driver: any HeadlessControl) async -> String? {
        guard pill(of: driver)?.count != nil else { return "there is no pill: no newer posts are known" }
        driver.refreshFeedFromTop()
        return nil
    }

    func value(of field: HeadlessField) async -> String {
        // The headless driver has one feed screen: the first pill is its.
        guard let count = pills.first?.count else { return "null" }
        return "{\"count\":\(count)}"
    }

    private func pill(of driver: any HeadlessControl) -> NewPostsPill? {
        pills.first { $0.isPill(of: driver.feed) }
    }
}
