import Foundation
import PluginInterface

/// `persistent-like-queue`: likes are written to an outbox on this device before they are sent, so
/// likes made offline survive a crash and are sent later.
public struct LikeQueuePlugin: FeaturePlugin {
    /// `"queued": N`, the likes waiting on this device (0 while the follow-up is off).
    static let queued = HeadlessField(name: "queued", whenOff: "0")

    /// The plugin value the host lists.
    public init() {}

    public var flag: PluginFlag {
        PluginFlag(key: "persistent-like-queue", owner: "likes", description: "Likes made offline survive and are sent later")
    }

    public var headlessFields: [HeadlessField] { [Self.queued] }

    public func files(_ files: PluginFiles) -> [URL] { [Self.outbox(files)] }

    /// The outbox of this user and server. One that cannot be opened at all is reported and likes
    /// are sent without it this run.
    public func activate(_ context: PluginContext) async -> any ActivePlugin {
        let file = Self.outbox(context.files)
        do {
            let queue = try await OfflineLikeQueue.open(at: file, owner: context.files.owner, likes: context.likes, warn: context.warn, telemetry: context.telemetry)
            return ActiveLikeQueue(queue: queue, pending: await queue.pending(), file: file)
        } catch {
            context.warn("feed: likes are not kept on this device this run: \(error); check --data-dir")
            return InactiveLikeQueue()
        }
    }

    /// The outbox file of a user and server.
    public static func outbox(_ files: PluginFiles) -> URL { files.file("likes", "sqlite") }
}

/// The queue could not be opened: likes go straight to the server this run.
@MainActor
final class InactiveLikeQueue: ActivePlugin {}
