import FeatureFlags
import Foundation
import PluginInterface
import PluginKit

/// The follow-ups as the app hosts them: the plugin list, the ones whose flag is on, and what they
/// share app-wide (the service registry, the new-posts relay, the post pipeline, shared-file
/// changes). One per app; names no follow-up.
@MainActor
final class PluginHost {
    /// The follow-ups the app is built with.
    let plugins: [any FeaturePlugin]
    /// The follow-ups whose flag is on, as the host drives them.
    let active = ActivePlugins()
    /// What follow-ups offer each other and the host (e.g. the like queue).
    let services = TypedServiceRegistry()
    /// Newer-post counts one follow-up pushes to the others.
    let newPostsRelay = NewPostsBroadcast()
    /// The filters every post passes before a screen shows it (follow-ups add theirs).
    let postPipeline = PostFilters()
    /// Changes another process makes to the files follow-ups share, looked for every second.
    let fileChanges = PolledFileChanges()

    /// The host of `plugins`; none is active yet.
    init(plugins: [any FeaturePlugin]) {
        self.plugins = plugins
    }

    /// Activates, in the list's order, each follow-up whose flag is on in `flags` and that works
    /// with the server's `api`, with the context `context` makes for its flag; one that does not
    /// work with it stays off, said once on stderr.
    func activate(flags: ResolvedFlags, api: String, context: (PluginFlag) -> PluginContext) async {
        for plugin in plugins where flags.isOn(FlagKey(plugin.flag.key)) {
            guard plugin.serverAPIs.contains(api) else {
                StandardStreams.err("feed: \(plugin.flag.key) does not work with the \(api) API yet; it stays off")
                continue
            }
            active.append(FlagKey(plugin.flag.key), await plugin.activate(context(plugin.flag)))
        }
    }

    /// Every file the follow-ups keep in `files`, on or off.
    func files(_ files: PluginFiles) -> [URL] { plugins.flatMap { $0.files(files) } }

    /// Starts the follow-ups' background work and the look for shared-file changes.
    func start() {
        active.start()
        fileChanges.start()
    }

    /// Stops looking for shared-file changes (the follow-ups end through `active.shutdown`).
    func stop() { fileChanges.stop() }
}
