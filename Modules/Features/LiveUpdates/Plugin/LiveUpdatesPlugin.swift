import FeedInterface
import Foundation
import LiveUpdatesInterface
import Networking
import PluginInterface

/// `live-updates`: one Server-Sent Events stream while the app is shown (the feed API's `GET
/// /v1/live`, or the dialect the app offers, e.g. Mastodon's streaming), so like counts change in
/// place, the pill's count comes pushed, deleted posts leave and a kill switch applies at once.
public struct LiveUpdatesPlugin: FeaturePlugin {
    /// `--live-idle-timeout MS`: no byte for this long drops the stream and reopens it.
    public static let idleTimeout = PluginOption(
        name: "--live-idle-timeout", expected: "milliseconds from 100 to 600000", range: 100...600_000, defaultValue: 45_000,
        help: "live-updates reopens a stream that sent nothing for this long (default 45000)")
    /// `--live-backoff MS`: the first wait before reopening a failed stream (doubling up to 30 s).
    public static let backoff = PluginOption(
        name: "--live-backoff", expected: "milliseconds from 10 to 30000", range: 10...30_000, defaultValue: 500,
        help: "live-updates waits this long before reopening a failed stream, doubling up to 30 s (default 500)")
    /// `"live": "off|connecting|open|retrying|paused"`.
    static let field = HeadlessField(name: "live", whenOff: "\"off\"")

    /// The plugin value the host lists.
    public init() {}

    public var flag: PluginFlag {
        PluginFlag(key: "live-updates", owner: "realtime", description: "One live stream while the feed is shown: counts change in place, the pill is pushed")
    }

    public var options: [PluginOption] { [Self.idleTimeout, Self.backoff] }

    public var headlessFields: [HeadlessField] { [Self.field] }

    /// The feed API's stream, or the Mastodon API's (the host offers its `LiveStreamDialect`).
    public var serverAPIs: Set<String> { ["feed", "mastodon"] }

    public func activate(_ context: PluginContext) async -> any ActivePlugin {
        var timings = LiveTimings()
        timings.idleTimeout = .milliseconds(context.option(Self.idleTimeout))
        timings.backoff = .milliseconds(context.option(Self.backoff))
        guard let http = context.services.service((any HTTPClient).self) else {
            context.warn("feed: live-updates is off for this run: the app offered no HTTP client (a bug: report it)")
            return NoLiveUpdates()
        }
        let dialect = context.services.service((any LiveStreamDialect).self)
        return ActiveLiveUpdates(context: context, http: http, dialect: dialect, timings: timings)
    }
}

/// `live-updates` with no HTTP client to stream over: on, doing nothing, its field `"off"`.
@MainActor
final class NoLiveUpdates: ActivePlugin {}
