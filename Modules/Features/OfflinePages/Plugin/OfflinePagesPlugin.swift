import FeedInterface
import Foundation
import PluginInterface

/// `offline-pages`: the last pages saved in SQLite, shown first at the next start, then revalidated.
public struct OfflinePagesPlugin: FeaturePlugin {
    /// The plugin value the host lists.
    public init() {}

    public var flag: PluginFlag {
        PluginFlag(key: "offline-pages", owner: "storage", description: "The last pages saved in SQLite, shown first, then revalidated")
    }

    /// `--fresh-for MS`: a saved feed younger than this opens with no launch refresh.
    public static let freshFor = option("--fresh-for", FeedFreshness.standard.freshFor, "a saved feed younger than this opens with no launch refresh; the next page still loads")
    /// `--restore-for MS`: a place saved within this is restored at launch.
    public static let restoreFor = option("--restore-for", FeedFreshness.standard.restoreFor, "the saved place is restored within this; past it the feed opens at the top, refreshed")
    /// `--hide-after MS`: saved pages older than this are not shown.
    public static let hideAfter = option("--hide-after", FeedFreshness.standard.hideAfter, "saved pages older than this are not shown (the screen says so, with retry)")

    public var options: [PluginOption] { [Self.freshFor, Self.restoreFor, Self.hideAfter] }

    public func files(_ files: PluginFiles) -> [URL] { [Self.database(files)] }

    /// The freshness rules from the options' values.
    static func freshness(_ value: (PluginOption) -> Int) -> FeedFreshness {
        FeedFreshness(
            freshFor: Double(value(freshFor)) / 1_000, restoreFor: Double(value(restoreFor)) / 1_000, hideAfter: Double(value(hideAfter)) / 1_000)
    }

    private static func option(_ name: String, _ seconds: TimeInterval, _ help: String) -> PluginOption {
        let milliseconds = Int(seconds * 1_000)
        return PluginOption(
            name: name, expected: "milliseconds from 0 to 31536000000", range: 0...31_536_000_000, defaultValue: milliseconds,
            help: "offline-pages: \(help) (default \(milliseconds))")
    }

    /// The saved feed of this user and server. A cache that cannot be opened at all is reported and
    /// the feed runs without it.
    public func activate(_ context: PluginContext) async -> any ActivePlugin {
        let file = Self.database(context.files)
        do {
            let cache = try await SQLiteFeedCache.open(at: file, warn: context.warn)
            return ActiveOfflinePages(
                cache: KillableFeedCache(cache), saved: try? await cache.load(), file: file, freshness: Self.freshness(context.option),
                telemetry: context.telemetry)
        } catch {
            context.warn("feed: offline pages are off for this run: cannot open \(file.path): \(error); check --data-dir")
            return ActiveOfflinePages(cache: nil, saved: nil, file: file, freshness: .always, telemetry: context.telemetry)
        }
    }

    static func database(_ files: PluginFiles) -> URL { files.file("feed", "sqlite") }
}
