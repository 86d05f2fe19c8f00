import Database

/// The outbox's tables: one row per post with the intent not yet on the server, and whose they are.
enum OutboxSchema {
    /// The one schema this build reads; a file of any other version is moved aside.
    static let version = 1

    /// The columns of each table, in order: a file with our table names but other columns is moved aside.
    static let columns: [String: [String]] = [
        "outbox": ["post_id", "wanted", "before_liked", "before_count", "queued_at", "attempts", "last_error", "revision"],
        "outbox_owner": ["id", "owner"],
    ]

    /// The version and columns a file must have to be read.
    static let shape = SchemaShape(version: version, columns: columns)

    /// How the outbox of `owner` is opened, checked and started over: FULL, so a commit is on the disk
    /// before the tap is acknowledged (it survives power loss), and never another owner's file.
    static func file(owner: String) -> CheckedDatabaseFile {
        CheckedDatabaseFile(schema: shape, migrations: { migrations(owner: owner) }, synchronous: .full) { db in
            let owners = try db.query(selectOwner) { row in try? row.column(0, as: String.self) }
            guard owners != [owner] else { return nil }
            return owners.isEmpty ? "it does not say whose likes it holds" : "it holds the likes of another user or server"
        }
    }

    /// Creates the schema on an empty file and records whose likes it holds, in one transaction.
    static func migrations(owner: String) -> [Connection.Migration] {
        [
            { db in
                try db.executeScript(
                    """
                    -- queued_at: seconds since 2001-01-01 UTC of the first unsent tap. revision grows with
                    -- every tap, so the reply to an older state never deletes a newer one.
                    CREATE TABLE outbox (
                        post_id      TEXT PRIMARY KEY NOT NULL,
                        wanted       INTEGER NOT NULL CHECK (wanted IN (0, 1)),
                        before_liked INTEGER CHECK (before_liked IN (0, 1)),
                        before_count INTEGER,
                        queued_at    REAL NOT NULL,
                        attempts     INTEGER NOT NULL CHECK (attempts >= 0),
                        last_error   TEXT,
                        revision     INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TABLE outbox_owner (
                        id    INTEGER PRIMARY KEY CHECK (id = 1),
                        owner TEXT NOT NULL
                    );
                    """
                )
                try db.execute("INSERT INTO outbox_owner (id, owner) VALUES (1, ?)", [owner])
            }
        ]
    }

    static let upsert = """
        INSERT INTO outbox (post_id, wanted, before_liked, before_count, queued_at, attempts, last_error, revision)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (post_id) DO UPDATE SET
            wanted = excluded.wanted, before_liked = excluded.before_liked, before_count = excluded.before_count,
            queued_at = excluded.queued_at, attempts = excluded.attempts, last_error = excluded.last_error,
            revision = excluded.revision
        """
    static let selectAll = """
        SELECT post_id, wanted, before_liked, before_count, queued_at, attempts, last_error, revision
        FROM outbox ORDER BY queued_at, post_id LIMIT ?
        """
    static let delete = "DELETE FROM outbox WHERE post_id = ? AND revision = ?"
    static let deleteAnyRevision = "DELETE FROM outbox WHERE post_id = ?"
    static let deleteAll = "DELETE FROM outbox"
    static let selectOwner = "SELECT owner FROM outbox_owner WHERE id = 1"
}
