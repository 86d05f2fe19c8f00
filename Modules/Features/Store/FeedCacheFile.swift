import Database
import Foundation

/// Opening the offline cache's file: create or validate it (this build's schema, its columns, a
/// sound file), and move an unreadable one aside with one warning before starting a new one.
enum FeedCacheFile {
    enum Opening {
        case ready(Connection)
        case unreadable(reason: String)
    }

    static func openOrRebuild(_ url: URL, warn: @Sendable (String) -> Void) throws -> sending Connection {
        switch try openValidated(url) {
        case .ready(let connection): connection
        case .unreadable(let reason): try rebuild(url, reason: reason, warn: warn)
        }
    }

    /// Moves the unreadable file aside, says so in one line, and opens a new one.
    static func rebuild(_ url: URL, reason: String, warn: @Sendable (String) -> Void) throws -> sending Connection {
        let aside: URL
        do {
            aside = try DatabaseFiles.moveAside(url)
        } catch {
            throw StoreError.cannotOpen(url, reason: "\(reason); moving it aside failed: \(error)")
        }
        warn("feed: the offline cache at \(url.path) was unreadable (\(reason)); moved it aside to \(aside.path) and started a new one")
        switch try openValidated(url) {
        case .ready(let connection): return connection
        case .unreadable(let again): throw StoreError.cannotOpen(url, reason: again)
        }
    }

    /// Opens `url` and checks it is this schema (or empty, then creates it) and sound.
    static func openValidated(_ url: URL) throws -> Opening {
        do {
            try DatabaseFiles.prepare(url)
        } catch {
            throw StoreError.cannotOpen(url, reason: "\(error)")
        }
        let connection: Connection
        do {
            connection = try Connection(path: url.path)
        } catch where error.isCorrupt {
            return .unreadable(reason: error.reason)
        } catch {
            throw StoreError.cannotOpen(url, reason: error.reason)
        }
        do {
            if let problem = try FeedSchema.shape.problem(in: connection) {
                connection.close()
                return .unreadable(reason: problem)
            }
            try connection.migrate(FeedSchema.migrations)
            // Deleted rows are overwritten, so a logout leaves nothing readable behind.
            try connection.execute("PRAGMA secure_delete=ON")
            let problems = try connection.query("PRAGMA quick_check") { row in try row.column(0, as: String.self) }
            guard problems == ["ok"] else {
                connection.close()
                return .unreadable(reason: "it failed SQLite's check: \(problems.first ?? "no answer")")
            }
            return .ready(connection)
        } catch let error as DatabaseError where error.isCorrupt {
            connection.close()
            return .unreadable(reason: error.reason)
        } catch {
            connection.close()
            throw StoreError.cannotOpen(url, reason: (error as? DatabaseError).map(\.reason) ?? "\(error)")
        }
    }
}
