import Foundation
import PluginInterface

/// `offline-pages`: the last pages saved in SQLite, shown first at the next start, then revalidated.
public struct OfflinePagesPlugin: FeaturePlugin {
    /// The plugin value the host lists.
    public init() {}

    public var flag: PluginFlag {
        PluginFlag(key: "offline-pages", owner: "storage", description: "The last pages saved in SQLite, shown first, then revalidated")
    }

    public func files(_ files: PluginFiles) -> [URL] { [Self.database(files)] }

    /// The saved feed of this user and server. A cache that cannot be opened at all is reported and
    /// the feed runs without it.
    public func activate(_ context: PluginContext) async -> any ActivePlugin {
        let file = Self.database(context.files)
        do {
            let cache = try await SQLiteFeedCache.open(at: file, warn: context.warn)
            return ActiveOfflinePages(cache: KillableFeedCache(cache), saved: try? await cache.load(), file: file)
        } catch {
            context.warn("feed: offline pages are off for this run: cannot open \(file.path): \(error); check --data-dir")
            return ActiveOfflinePages(cache: nil, saved: nil, file: file)
        }
    }

    static func database(_ files: PluginFiles) -> URL { files.file("feed", "sqlite") }
}
