import LiveUpdates
import NewPostsPill
import OfflineQueue
import PluginInterface
import Profile
import Store

/// The follow-ups this app is built with, one line each. Nothing else in the host names a
/// follow-up: flags, options, headless commands and fields, files and screens come from here.
@MainActor
enum PluginList {
    static let all: [any FeaturePlugin] = [
        SharedPostStorePlugin(),
        OfflinePagesPlugin(),
        LikeQueuePlugin(),
        NewPostsPillPlugin(),
        LiveUpdatesPlugin(),
    ]
}
