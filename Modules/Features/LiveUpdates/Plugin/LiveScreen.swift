import PluginInterface

/// The live stream's part of the feed screen: it only listens to whether the app is shown.
@MainActor
final class LiveScreen: ScreenExtension {
    private weak var owner: ActiveLiveUpdates?

    init(owner: ActiveLiveUpdates) {
        self.owner = owner
    }

    func setShown(_ shown: Bool) { owner?.setShown(shown) }

    func setSuspended(_ suspended: Bool) { owner?.setSuspended(suspended) }
}
