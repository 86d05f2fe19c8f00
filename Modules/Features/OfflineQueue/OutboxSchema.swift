import Database

/// The outbox's tables: one row per post with the latest intent for it (a settled one kept for an
/// hour as a tombstone), one revision counter for the whole file, and whose likes they are.
enum OutboxSchema {
    /// The schema this build writes; a version 1 file is migrated, any other is moved aside.
    static let version = 2

    /// The columns of each table, in order: a file with our table names but other columns is moved aside.
    static let columns: [String: [String]] = [
        "outbox": [
            "post_id", "wanted", "before_liked", "before_count", "queued_at", "attempts", "last_error", "revision",
            "settled", "settled_liked", "settled_count", "settled_at",
        ],
        "outbox_owner": ["id", "owner"],
        "outbox_clock": ["id", "revision"],
    ]

    /// The columns of version 1, which this build migrates.
    static let version1: [String: [String]] = [
        "outbox": ["post_id", "wanted", "before_liked", "before_count", "queued_at", "attempts", "last_error", "revision"],
        "outbox_owner": ["id", "owner"],
    ]

    /// The version and columns a file must have to be read.
    static let shape = SchemaShape(version: version, columns: columns, earlier: [1: version1])

    /// How the outbox of `owner` is opened, checked and started over: FULL, so a commit is on the disk
    /// before the tap is acknowledged (it survives power loss), and never another owner's file.
    static func file(owner: String) -> CheckedDatabaseFile {
        CheckedDatabaseFile(schema: shape, migrations: { migrations(owner: owner) }, synchronous: .full) { db in
            let owners = try db.query(selectOwner) { row in try? row.column(0, as: String.self) }
            guard owners != [owner] else { return nil }
            return owners.isEmpty ? "it does not say whose likes it holds" : "it holds the likes of another user or server"
        }
    }

    /// Version 1 (the intents and whose they are), then version 2 (the file's clock and tombstones).
    static func migrations(owner: String) -> [Connection.Migration] {
        [
            { db in
                try db.executeScript(version1SQL)
                try db.execute("INSERT INTO outbox_owner (id, owner) VALUES (1, ?)", [owner])
            },
            { db in try db.executeScript(version2SQL) },
        ]
    }

    /// Version 1 as it shipped: one row per post, removed once the server took it.
    static let version1SQL = """
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

    /// Version 2: revisions come from one clock for the whole file (every process's taps are ordered),
    /// and a settled row stays as a tombstone with the server's reply (`settled_at`: seconds since 2001),
    /// so a process holding an older intent learns it is settled instead of sending it.
    static let version2SQL = """
        ALTER TABLE outbox ADD COLUMN settled INTEGER NOT NULL DEFAULT 0 CHECK (settled IN (0, 1));
        ALTER TABLE outbox ADD COLUMN settled_liked INTEGER CHECK (settled_liked IN (0, 1));
        ALTER TABLE outbox ADD COLUMN settled_count INTEGER;
        ALTER TABLE outbox ADD COLUMN settled_at REAL;
        CREATE TABLE outbox_clock (
            id       INTEGER PRIMARY KEY CHECK (id = 1),
            revision INTEGER NOT NULL
        );
        INSERT INTO outbox_clock (id, revision) VALUES (1, (SELECT COALESCE(MAX(revision), 0) FROM outbox));
        CREATE INDEX outbox_waiting ON outbox (queued_at, post_id) WHERE settled = 0;
        CREATE INDEX outbox_tombstones ON outbox (settled_at) WHERE settled = 1;
        """

    /// Writes a tap's row: a new intent, or (`ON CONFLICT`) the newer state of the post's row.
    static let upsert = """
        INSERT INTO outbox (post_id, wanted, before_liked, before_count, queued_at, attempts, last_error, revision,
                            settled, settled_liked, settled_count, settled_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, NULL, NULL)
        ON CONFLICT (post_id) DO UPDATE SET
            wanted = excluded.wanted, before_liked = excluded.before_liked, before_count = excluded.before_count,
            queued_at = excluded.queued_at, attempts = excluded.attempts, last_error = excluded.last_error,
            revision = excluded.revision, settled = 0, settled_liked = NULL, settled_count = NULL, settled_at = NULL
        """
    /// The columns `Outbox` reads a row from, in this order.
    static let rowColumns = """
        post_id, wanted, before_liked, before_count, queued_at, attempts, last_error, revision,
        settled, settled_liked, settled_count
        """
    static let selectWaiting = "SELECT \(rowColumns) FROM outbox WHERE settled = 0 ORDER BY queued_at, post_id LIMIT ?"
    static let selectPost = "SELECT \(rowColumns) FROM outbox WHERE post_id = ?"
    static let countWaiting = "SELECT COUNT(*) FROM outbox WHERE settled = 0"
    static let nextRevision = "UPDATE outbox_clock SET revision = revision + 1 WHERE id = 1 RETURNING revision"
    static let raiseClock = "UPDATE outbox_clock SET revision = MAX(revision, (SELECT COALESCE(MAX(revision), 0) FROM outbox)) WHERE id = 1"
    static let markSettled = """
        UPDATE outbox SET settled = 1, settled_liked = ?, settled_count = ?, settled_at = ?
        WHERE post_id = ? AND revision = ? RETURNING revision
        """
    static let reopen = """
        UPDATE outbox SET settled = 0, settled_liked = NULL, settled_count = NULL, settled_at = NULL,
            revision = ?, queued_at = ?, attempts = 0, last_error = NULL
        WHERE post_id = ? AND revision = ? AND settled = 1
        """
    static let countAttempt = "UPDATE outbox SET attempts = ?, last_error = ? WHERE post_id = ? AND revision = ? AND settled = 0"
    static let purge = "DELETE FROM outbox WHERE settled = 1 AND settled_at < ?"
    static let delete = "DELETE FROM outbox WHERE post_id = ? AND revision = ?"
    static let deleteAnyRevision = "DELETE FROM outbox WHERE post_id = ?"
    static let deleteAll = "DELETE FROM outbox"
    static let selectOwner = "SELECT owner FROM outbox_owner WHERE id = 1"
}
