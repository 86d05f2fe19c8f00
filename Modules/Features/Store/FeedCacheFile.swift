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
            return .unreadable(reason: reason(error))
        } catch {
            throw StoreError.cannotOpen(url, reason: reason(error))
        }
        do {
            if let problem = try schemaProblem(connection) {
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
            return .unreadable(reason: reason(error))
        } catch {
            connection.close()
            throw StoreError.cannotOpen(url, reason: (error as? DatabaseError).map(reason) ?? "\(error)")
        }
    }

    /// Why the file is not this cache's schema, or `nil` when it is (or is empty and can become it).
    static func schemaProblem(_ db: Connection) throws -> String? {
        let version = try db.userVersion()
        let tables = try db.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { row in
            try row.column(0, as: String.self)
        }
        if version == 0 {
            return tables.isEmpty ? nil : "it holds tables this program did not write"
        }
        guard version == FeedSchema.version else {
            return "schema version \(version); this build reads version \(FeedSchema.version)"
        }
        guard FeedSchema.tables.isSubset(of: tables) else { return "its tables are missing" }
        for (table, expected) in FeedSchema.columns {
            let columns = try db.query("SELECT name FROM pragma_table_info(?)", [table]) { row in try row.column(0, as: String.self) }
            guard columns == expected else {
                return "its table \(table) has the columns \(columns.joined(separator: ", ")), not \(expected.joined(separator: ", "))"
            }
        }
        return nil
    }

    /// SQLite's own words for `error`, e.g. `file is not a database`.
    static func reason(_ error: DatabaseError) -> String {
        if case .sqlite(_, let message, _) = error { return message }
        return error.description
    }
}
