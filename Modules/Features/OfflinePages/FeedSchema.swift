import Database

/// The cache's tables: post data apart from feed order, so updating a post never moves it.
enum FeedSchema {
    /// The schema this build writes; a version 1 or 2 file is migrated keeping its rows, any other
    /// version is moved aside and rebuilt (it is a cache).
    static let version = 3

    /// The columns of each table, in order: a file with our table names but other columns is rebuilt.
    static let columns: [String: [String]] = [
        "posts": [
            "id", "author_id", "author_name", "caption", "image_url", "width", "height", "like_count", "like_state",
            "comment_count", "created_at", "placeholder", "renditions", "blur_hash", "boosted_by", "content_warning", "sensitive",
        ],
        "feed_order": ["position", "post_id"],
        "feed_meta": ["id", "next_cursor", "saved_at", "page_count"],
        "feed_anchor": ["id", "post_id", "line_offset", "saved_at"],
    ]

    /// The columns of version 2 (before BlurHashes, boosts, content warnings and sensitive photos).
    static let version2: [String: [String]] = {
        var earlier = FeedSchema.columns
        earlier["posts"] = Array(earlier["posts", default: []].prefix(13))
        return earlier
    }()

    /// The columns of version 1 (before comment counts, times, placeholders and renditions).
    static let version1: [String: [String]] = [
        "posts": ["id", "author_id", "author_name", "caption", "image_url", "width", "height", "like_count", "like_state"],
        "feed_order": ["position", "post_id"],
        "feed_meta": ["id", "next_cursor", "saved_at", "page_count"],
    ]

    /// The version and columns a file must have to be read.
    static let shape = SchemaShape(version: version, columns: columns, earlier: [1: version1, 2: version2])

    /// How the cache's file is opened, checked and started over.
    static let file = CheckedDatabaseFile(schema: shape, migrations: { migrations })

    /// Version 1 (posts, their order, the page's cursor), then version 2 (the posts' comment count,
    /// time, placeholder colour and renditions, all nullable: a migrated row has none until refreshed;
    /// and the reader's place), then version 3 (a Mastodon status's BlurHash, booster, content
    /// warning and sensitive mark, nullable too; a text post saves an empty `image_url`);
    /// each recorded in `user_version` by `Connection.migrate`.
    static var migrations: [Connection.Migration] {
        [
            { db in try db.executeScript(version1SQL) },
            { db in try db.executeScript(version2SQL) },
            { db in try db.executeScript(version3SQL) },
        ]
    }

    /// The version 1 schema, exactly as the first build created it.
    static let version1SQL = """
        CREATE TABLE posts (
            id          TEXT PRIMARY KEY NOT NULL,
            author_id   TEXT NOT NULL,
            author_name TEXT NOT NULL,
            caption     TEXT NOT NULL,
            image_url   TEXT NOT NULL,
            width       INTEGER NOT NULL,
            height      INTEGER NOT NULL,
            like_count  INTEGER NOT NULL,
            like_state  TEXT NOT NULL CHECK (like_state IN ('liked', 'notLiked', 'unknown'))
        ) WITHOUT ROWID;
        CREATE TABLE feed_order (
            position INTEGER PRIMARY KEY,
            post_id  TEXT NOT NULL UNIQUE REFERENCES posts(id)
        );
        -- One row (id = 1). saved_at: seconds since 2001-01-01 UTC (Date's own reference, exact).
        CREATE TABLE feed_meta (
            id          INTEGER PRIMARY KEY CHECK (id = 1),
            next_cursor TEXT,
            saved_at    REAL NOT NULL,
            page_count  INTEGER NOT NULL CHECK (page_count >= 1)
        );
        """

    /// Version 1 → 2: the new columns, added in place, so every saved row stays, and the reader's place.
    static let version2SQL = """
        ALTER TABLE posts ADD COLUMN comment_count INTEGER;
        -- Seconds since 2001-01-01 UTC, like saved_at.
        ALTER TABLE posts ADD COLUMN created_at REAL;
        -- #rrggbb.
        ALTER TABLE posts ADD COLUMN placeholder TEXT;
        -- JSON: [{"width": 150, "url": "…"}, …], narrowest first.
        ALTER TABLE posts ADD COLUMN renditions TEXT;
        -- One row (id = 1): the top visible post when the reader last left. saved_at as in feed_meta.
        CREATE TABLE feed_anchor (
            id          INTEGER PRIMARY KEY CHECK (id = 1),
            post_id     TEXT NOT NULL,
            line_offset INTEGER NOT NULL CHECK (line_offset >= 0),
            saved_at    REAL NOT NULL
        );
        """

    /// Version 2 → 3: what the Mastodon API adds to a post, added in place (every saved row stays).
    static let version3SQL = """
        ALTER TABLE posts ADD COLUMN blur_hash TEXT;
        ALTER TABLE posts ADD COLUMN boosted_by TEXT;
        ALTER TABLE posts ADD COLUMN content_warning TEXT;
        -- 1 when the photo is marked sensitive.
        ALTER TABLE posts ADD COLUMN sensitive INTEGER;
        """

    static let insertPost = """
        INSERT INTO posts (
            id, author_id, author_name, caption, image_url, width, height, like_count, like_state,
            comment_count, created_at, placeholder, renditions, blur_hash, boosted_by, content_warning, sensitive)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET
            author_id = excluded.author_id, author_name = excluded.author_name, caption = excluded.caption,
            image_url = excluded.image_url, width = excluded.width, height = excluded.height,
            like_count = excluded.like_count, like_state = excluded.like_state,
            comment_count = excluded.comment_count, created_at = excluded.created_at,
            placeholder = excluded.placeholder, renditions = excluded.renditions, blur_hash = excluded.blur_hash,
            boosted_by = excluded.boosted_by, content_warning = excluded.content_warning, sensitive = excluded.sensitive
        """
    static let insertOrder = "INSERT INTO feed_order (position, post_id) VALUES (?, ?)"
    static let selectPosts = """
        SELECT p.id, p.author_id, p.author_name, p.caption, p.image_url, p.width, p.height, p.like_count, p.like_state,
            p.comment_count, p.created_at, p.placeholder, p.renditions, p.blur_hash, p.boosted_by, p.content_warning, p.sensitive
        FROM feed_order o JOIN posts p ON p.id = o.post_id
        ORDER BY o.position LIMIT ?
        """
    static let selectMeta = "SELECT next_cursor, saved_at, page_count FROM feed_meta WHERE id = 1"
    static let replaceMeta = """
        INSERT INTO feed_meta (id, next_cursor, saved_at, page_count) VALUES (1, ?, ?, 1)
        ON CONFLICT (id) DO UPDATE SET next_cursor = excluded.next_cursor, saved_at = excluded.saved_at, page_count = 1
        """
    static let appendMeta = "UPDATE feed_meta SET next_cursor = ?, saved_at = ?, page_count = page_count + 1 WHERE id = 1"
    static let savedIDs = "SELECT post_id FROM feed_order"
    static let lastPosition = "SELECT coalesce(max(position), 0) FROM feed_order"
    static let updateLike = "UPDATE posts SET like_state = ?, like_count = ? WHERE id = ?"
    static let deleteOrder = "DELETE FROM feed_order"
    static let deletePosts = "DELETE FROM posts"
    static let deleteMeta = "DELETE FROM feed_meta"
    /// A heart the revalidation did not learn (its likes read failed) keeps the one saved.
    /// What a status carries besides its text changes with it (an edit adds a content warning): saved with the caption.
    static let updatePost = """
        UPDATE posts SET caption = ?, like_count = ?, like_state = COALESCE(NULLIF(?, 'unknown'), like_state),
            blur_hash = ?, boosted_by = ?, content_warning = ?, sensitive = ?
        WHERE id = ?
        """
    static let touchMeta = "UPDATE feed_meta SET saved_at = ? WHERE id = 1"
    static let selectAnchor = "SELECT post_id, line_offset, saved_at FROM feed_anchor WHERE id = 1"
    static let replaceAnchor = """
        INSERT INTO feed_anchor (id, post_id, line_offset, saved_at) VALUES (1, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET post_id = excluded.post_id, line_offset = excluded.line_offset, saved_at = excluded.saved_at
        """
    static let deleteAnchor = "DELETE FROM feed_anchor"
}
