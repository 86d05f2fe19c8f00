import Database
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

    /// Each row's `pending`: whether its like waits on this device (`false` while off).
    public var headlessRowFields: [HeadlessField] { [Self.pending] }

    /// The row field `pending`.
    static let pending = HeadlessField(name: "pending", whenOff: "false")

    /// `feed queue`: the likes waiting to be sent, on or off.
    public var commands: [PluginCommand] { [QueueCommand.command] }

    /// Prints the likes waiting in the user's outbox; sends nothing.
    public func run(_ command: PluginCommand, files: PluginFiles, output: CommandOutput) async -> Int32 {
        await QueueCommand.run(files, output: output)
    }

    /// The outbox, and where earlier builds kept it (among the caches), for a logout.
    public func files(_ files: PluginFiles) -> [URL] { [Self.outbox(files), Self.legacyOutbox(files)] }

    /// The outbox of this user and server. One that cannot be opened at all is reported and likes
    /// are sent without it this run.
    public func activate(_ context: PluginContext) async -> any ActivePlugin {
        let file = Self.migratedOutbox(context.files, warn: context.warn)
        do {
            let queue = try await OfflineLikeQueue.open(at: file, owner: context.files.owner, likes: context.likes, warn: context.warn, telemetry: context.telemetry)
            return ActiveLikeQueue(queue: queue, pending: await queue.pending(), file: file, services: context.services)
        } catch {
            context.warn("feed: likes are not kept on this device this run: \(error); check --data-dir")
            return InactiveLikeQueue()
        }
    }

    /// The outbox file of a user and server: state, not a cache (likes not yet sent live only there).
    public static func outbox(_ files: PluginFiles) -> URL { files.state("likes", "sqlite") }

    /// Where builds before the state directory kept the outbox: among the caches.
    static func legacyOutbox(_ files: PluginFiles) -> URL { files.file("likes", "sqlite") }

    /// The outbox, moved first from the caches where an earlier build left it (with its log) when
    /// none is in the state directory yet. A move that fails leaves the old file in use, said once.
    public static func migratedOutbox(_ files: PluginFiles, warn: (String) -> Void) -> URL {
        let (new, old) = (outbox(files), legacyOutbox(files))
        guard new != old, !exists(new), exists(old) else { return new }
        do {
            try DatabaseFiles.privateDirectory(new.deletingLastPathComponent())
            // The log first: a database found without its log would lose the likes in it.
            for suffix in ["-wal", "-shm"] where exists(DatabaseFiles.sidecar(old, suffix)) {
                try FileManager.default.moveItem(at: DatabaseFiles.sidecar(old, suffix), to: DatabaseFiles.sidecar(new, suffix))
            }
            try FileManager.default.moveItem(at: old, to: new)
            return new
        } catch {
            warn("feed: the likes waiting at \(old.path) could not be moved to \(new.path) (\(error)); they are kept where they are this run")
            return old
        }
    }

    private static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }
}

/// The queue could not be opened: likes go straight to the server this run.
@MainActor
final class InactiveLikeQueue: ActivePlugin {}
