import FeatureFlags
import FeedInterface
import Foundation
import LikesInterface
import PluginInterface
import PostStoreInterface
import Waiting

/// The follow-ups whose flag is on, in the plugin list's order, as the host drives them: what
/// they wrap and share, what they add to each screen, catching up, settling, the server's kill
/// switch, logout and shutdown. Names no follow-up.
@MainActor
final class ActivePlugins {
    /// Each follow-up with its flag.
    private(set) var all: [(key: FlagKey, plugin: any ActivePlugin)] = []
    /// Follow-ups the server switched off while the app runs.
    private(set) var switchedOff: Set<FlagKey> = []
    /// Called once a follow-up the server switched off has stopped: screens it opened close.
    var onSwitchedOff: @MainActor (FlagKey) -> Void = { _ in }

    /// Adds the follow-up of `key`, after those added before.
    func append(_ key: FlagKey, _ plugin: any ActivePlugin) { all.append((key, plugin)) }

    /// `likePost` and `feed` as every follow-up wrapped them, in order.
    func wrap(likePost: any LikePostUseCase, feed: any FeedRepository) -> (any LikePostUseCase, any FeedRepository) {
        var (likePost, feed) = (likePost, feed)
        for (_, plugin) in all {
            likePost = plugin.likePost(wrapping: likePost)
            feed = plugin.feed(wrapping: feed)
        }
        return (likePost, feed)
    }

    /// The saved feed a follow-up keeps, if one does.
    func feedMemory() -> (any FeedMemory)? { all.lazy.compactMap { $0.plugin.feedMemory() }.first }

    /// The post store a follow-up shares between screens, if one does.
    func sharedStore() -> (any PostStore)? { all.lazy.compactMap { $0.plugin.postStore() }.first }

    /// Every follow-up hears `store` (once per store).
    func adopt(_ store: any PostStore) {
        for (_, plugin) in all { plugin.adopt(store) }
    }

    /// What the follow-ups add to `screen` (the feed, or a screen over it), each with its flag.
    func extensions(for screen: any ScreenControl) -> [(key: FlagKey, extension: any ScreenExtension)] {
        all.compactMap { key, plugin in
            switchedOff.contains(key) ? nil : plugin.extend(screen).map { (key, $0) }
        }
    }

    /// The reader came back: every follow-up still on catches up.
    func returned() {
        for (key, plugin) in all where !switchedOff.contains(key) { plugin.returned() }
    }

    /// Waits until what the follow-ups keep in flight has landed, by `timeout` at the latest;
    /// returns whether everything landed.
    func settle(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        var settled = true
        for (_, plugin) in all where !(await plugin.settle(timeout: max(.zero, deadline - ContinuousClock.now))) { settled = false }
        return settled
    }

    /// Whether a follow-up keeps taps on this device (quitting need not wait for likes in flight).
    var keepLikes: Bool { all.contains { $0.plugin.keepsLikes } }

    /// Every follow-up forgets the user; the first problem a follow-up reports, and the files
    /// they keep open (the host must not delete them under them).
    func logout() async -> (problem: String?, open: Set<URL>) {
        var open: Set<URL> = []
        for (_, plugin) in all {
            open.formUnion(plugin.openFiles)
            if let problem = await plugin.logout() { return (problem, open) }
        }
        return (nil, open)
    }

    /// Tells every follow-up the app is ending, in order; returns whether all of them finished by
    /// `timeout` (the app ends either way).
    func shutdown(timeout: Duration) async -> Bool {
        let plugins = all.map(\.plugin)
        guard !plugins.isEmpty else { return true }
        return await Deadline.waitAtMost(timeout) { @MainActor in
            for plugin in plugins { await plugin.shutdown() }
        }
    }

    /// The server switched these follow-ups off while the app runs: each stops now, without a restart.
    func switchOff(_ keys: [FlagKey]) {
        for key in keys where switchedOff.insert(key).inserted {
            StandardStreams.err("feed: the server switched \(key) off")
            for (activeKey, plugin) in all where activeKey == key { plugin.switchOff() }
            onSwitchedOff(key)
        }
    }

    /// Background work starts.
    func start() {
        for (_, plugin) in all { plugin.start() }
    }
}
