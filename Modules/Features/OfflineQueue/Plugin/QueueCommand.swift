import FeedInterface
import Foundation
import PluginInterface
import SafeText

/// `feed queue`: prints the likes waiting on this device to be sent, for the user and server
/// given; never sends anything.
@MainActor
enum QueueCommand {
    /// The subcommand, as `feed --help` lists it.
    static let command = PluginCommand(name: "queue", summary: "the likes waiting on this device to be sent (persistent-like-queue)")

    static func run(_ files: PluginFiles, output: CommandOutput) async -> Int32 {
        let owner = SafeText.line(files.owner)
        let outbox = LikeQueuePlugin.migratedOutbox(files) { output.err($0) }
        guard FileManager.default.fileExists(atPath: outbox.path) else {
            output.out("feed: no likes are waiting to be sent for \(owner)")
            return 0
        }
        let queue: OfflineLikeQueue
        do {
            queue = try await OfflineLikeQueue.open(
                at: outbox, owner: files.owner, likes: NothingSent(), warn: { output.err($0) })
        } catch {
            output.err("feed queue: cannot read \(outbox.path): \(error)")
            return 1
        }
        let rows = await queue.rows()
        // The rows are bounded by the queue's capacity; the heading counts every one in the file.
        let waiting = max(await queue.waitingOnDisk(), rows.count)
        guard !rows.isEmpty else {
            output.out("feed: no likes are waiting to be sent for \(owner)")
            return 0
        }
        let shown = rows.count < waiting ? " (showing the oldest \(LikesText.grouped(rows.count)))" : ""
        output.out("\(LikesText.grouped(waiting)) like\(waiting == 1 ? "" : "s") waiting to be sent for \(owner)\(shown):")
        output.out("post".padding(toLength: 16, withPad: " ", startingAt: 0) + "wanted   age       attempts  last error")
        for row in rows {
            // Post IDs and errors come from the server and the disk: no escape sequence reaches the terminal.
            let post = SafeText.line(row.post.rawValue, limit: 15).padding(toLength: 16, withPad: " ", startingAt: 0)
            let wanted = (row.wanted ? "like" : "unlike").padding(toLength: 9, withPad: " ", startingAt: 0)
            let age = Self.age(row.age).padding(toLength: 10, withPad: " ", startingAt: 0)
            let attempts = String(row.attempts).padding(toLength: 10, withPad: " ", startingAt: 0)
            output.out(post + wanted + age + attempts + (row.lastError.map { SafeText.line($0, limit: 200) } ?? "-"))
        }
        return 0
    }

    /// `42 s`, `3 min`, `2 h`, `5 d`.
    static func age(_ seconds: TimeInterval) -> String {
        let whole = Int(max(0, min(seconds, 1e9)))
        switch whole {
        case ..<60: return "\(whole) s"
        case ..<3_600: return "\(whole / 60) min"
        case ..<86_400: return "\(whole / 3_600) h"
        default: return "\(whole / 86_400) d"
        }
    }
}
