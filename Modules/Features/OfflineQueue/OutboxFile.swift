import Database
import Foundation

/// Opening the outbox's file: create or validate it (this build's schema, its columns, the same
/// owner, a sound file), and move an unreadable or foreign one aside with one warning.
enum OutboxFile {
    enum Opening {
        case ready(Connection)
        case unreadable(reason: String)
    }

    /// What the warning says was lost when a file is moved aside at open.
    static let lostAtOpen = "the likes saved in it and not yet sent are lost"

    static func openOrRebuild(_ url: URL, owner: String, warn: @Sendable (String) -> Void) throws(OfflineQueueError) -> sending Connection {
        switch try openValidated(url, owner: owner) {
        case .ready(let connection): connection
        case .unreadable(let reason): try rebuild(url, owner: owner, reason: reason, lost: lostAtOpen, warn: warn)
        }
    }

    /// Moves the unreadable file aside, says so in one line (with what was `lost`), and opens a new one.
    static func rebuild(
        _ url: URL, owner: String, reason: String, lost: String, warn: @Sendable (String) -> Void
    ) throws(OfflineQueueError) -> sending Connection {
        let aside: URL
        do {
            aside = try DatabaseFiles.moveAside(url)
        } catch {
            throw .cannotOpen(url, reason: "\(reason); moving it aside failed: \(error)")
        }
        warn("feed: the like queue at \(url.path) was unreadable (\(reason)); moved it aside to \(aside.path) and started a new one; \(lost)")
        switch try openValidated(url, owner: owner) {
        case .ready(let connection): return connection
        case .unreadable(let again): throw .cannotOpen(url, reason: again)
        }
    }

    /// Opens `url` and checks it is this schema and owner (or empty, then creates it) and sound.
    static func openValidated(_ url: URL, owner: String) throws(OfflineQueueError) -> Opening {
        do {
            try DatabaseFiles.prepare(url)
        } catch {
            throw .cannotOpen(url, reason: "\(error)")
        }
        let connection: Connection
        do {
            // FULL: a commit is on the disk before the tap is acknowledged, so it survives power loss.
            connection = try Connection(path: url.path, synchronous: .full)
        } catch where error.isCorrupt {
            return .unreadable(reason: error.reason)
        } catch {
            throw .cannotOpen(url, reason: error.reason)
        }
        do {
            if let problem = try OutboxSchema.shape.problem(in: connection) {
                connection.close()
                return .unreadable(reason: problem)
            }
            try connection.migrate(OutboxSchema.migrations(owner: owner))
            let owners = try connection.query(OutboxSchema.selectOwner) { row in try? row.column(0, as: String.self) }
            guard owners == [owner] else {
                connection.close()
                return .unreadable(reason: owners.isEmpty ? "it does not say whose likes it holds" : "it holds the likes of another user or server")
            }
            // Deleted rows are overwritten, so a logout leaves nothing readable behind.
            try connection.execute("PRAGMA secure_delete=ON")
            let problems = try connection.query("PRAGMA quick_check") { row in try row.column(0, as: String.self) }
            guard problems == ["ok"] else {
                connection.close()
                return .unreadable(reason: "it failed SQLite's check: \(problems.first ?? "no answer")")
            }
            try DatabaseFiles.narrowModes(url)
            return .ready(connection)
        } catch let error as DatabaseError where error.isCorrupt {
            connection.close()
            return .unreadable(reason: error.reason)
        } catch {
            connection.close()
            throw .cannotOpen(url, reason: (error as? DatabaseError).map(\.reason) ?? "\(error)")
        }
    }
}
