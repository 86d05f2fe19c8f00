import Feed
import FeedInterface
import Foundation
import ImagePipeline
import PluginInterface

/// The headless view of a `FeedViewState`: one JSON object on one line.
@MainActor
enum StateJSON {
    /// The state as the headless protocol prints it: the feed's, the screen shown, the follow-ups'
    /// `fields` and, while a screen is open over the feed, its state under its name; `extra` pairs
    /// are appended (e.g. `settled`).
    static func encode(
        _ state: FeedViewState, screen: (name: String, json: String)? = nil, photos: HeadlessPhotos? = nil,
        fields: [(String, String)] = [], rowFields: (PostRow) -> [(String, String)] = { _ in [] }, now: Date = Date(),
        extra: [(String, String)] = []
    ) -> String {
        JSONWriter.object(
            [
                ("rows", rows(state.rows, photos: photos, now: now, fields: rowFields)),
                ("initialLoad", JSONWriter.quoted(initialLoad(state.initialLoad))),
                ("pagination", JSONWriter.quoted(pagination(state.pagination))),
                ("refreshing", state.isRefreshing ? "true" : "false"),
                ("message", JSONWriter.quotedOrNull(state.message?.text)),
                ("banner", JSONWriter.quotedOrNull(state.banner?.text(now: now))),
                ("anchor", JSONWriter.quotedOrNull(state.anchor?.rawValue)),
                ("feedUpdated", state.feedUpdated ? "true" : "false"),
                ("screen", JSONWriter.quoted(screen?.name ?? "feed")),
                ("photos", metrics(photos?.pipeline.metrics())),
            ] + fields.filter { !stateKeys.contains($0.0) } + (screen.map { [($0.name, $0.json)] } ?? []) + extra)
    }

    /// The keys of the state the host writes; a follow-up's field of one of these names is left out.
    static let stateKeys: Set<String> = [
        "rows", "initialLoad", "pagination", "refreshing", "message", "banner", "anchor", "feedUpdated", "screen", "photos",
    ]
    /// The keys of a row the host writes; a follow-up's row field of one of these names is left out.
    static let rowKeys: Set<String> = [
        "id", "author", "authorID", "caption", "likes", "comments", "age", "heart", "aspectRatio", "photo", "boostedBy", "contentWarning", "sensitive",
    ]

    /// The photo caches' figures; zeros with `--photos off`.
    static func metrics(_ metrics: ImagePipelineMetrics?) -> String {
        let metrics = metrics ?? ImagePipelineMetrics()
        return JSONWriter.object([
            ("downloads", String(metrics.downloads)), ("memoryHits", String(metrics.memoryHits)),
            ("diskHits", String(metrics.diskHits)), ("memoryBytes", String(metrics.memoryBytes)),
            ("memoryLimitBytes", String(metrics.memoryLimitBytes)), ("diskBytes", String(metrics.diskBytes)),
        ])
    }

    /// The keys of a screen's state the host writes; a screen's own field of one of these names is left out.
    static let screenKeys: Set<String> = ["author", "rows", "initialLoad", "pagination", "message"]

    /// A screen over the feed (a profile): its author, rows, loads and message, then its own fields.
    static func encode(
        _ screen: any HeadlessScreen, photos: HeadlessPhotos? = nil, rowFields: (PostRow) -> [(String, String)] = { _ in [] }, now: Date = Date()
    ) -> String {
        let author = screen.screenAuthor.map { author in
            [("author", JSONWriter.object([("id", JSONWriter.quoted(author.id)), ("name", JSONWriter.quoted(author.name))]))]
        } ?? []
        return JSONWriter.object(author + [
            ("rows", rows(screen.rows, photos: photos, now: now, fields: rowFields)),
            ("initialLoad", JSONWriter.quoted(initialLoad(screen.initialLoad))),
            ("pagination", JSONWriter.quoted(pagination(screen.pagination))),
            ("message", JSONWriter.quotedOrNull(screen.messageText)),
        ] + screen.stateFields.filter { !screenKeys.contains($0.key) }.map { ($0.key, $0.json) })
    }

    /// Rows as a JSON array, the same shape on every screen, each with the follow-ups' `fields`;
    /// `age` is told at `now`.
    static func rows(
        _ rows: [PostRow], photos: HeadlessPhotos? = nil, now: Date = Date(), fields: (PostRow) -> [(String, String)] = { _ in [] }
    ) -> String {
        var text = ""
        text.reserveCapacity(rows.count * 160)
        text += "["
        for (index, row) in rows.enumerated() {
            if index > 0 { text += "," }
            text += JSONWriter.object([
                ("id", JSONWriter.quoted(row.id.rawValue)),
                ("author", JSONWriter.quoted(row.author)),
                ("authorID", JSONWriter.quoted(row.authorID)),
                ("caption", JSONWriter.quoted(row.caption)),
                ("likes", JSONWriter.quoted(row.likes)),
                ("comments", JSONWriter.quotedOrNull(row.comments)),
                ("age", JSONWriter.quotedOrNull(row.createdAt.map { AgeText.format($0, now: now) })),
                ("heart", JSONWriter.quoted(row.heart.rawValue)),
                ("aspectRatio", number(row.aspectRatio)),
                ("photo", JSONWriter.quoted(row.hasPhoto ? photos?.state(of: row) ?? "none" : "text")),
            ] + notes(of: row) + fields(row).filter { !rowKeys.contains($0.0) })
        }
        return text + "]"
    }

    /// What the Mastodon API adds to a row, only where it says something.
    private static func notes(of row: PostRow) -> [(String, String)] {
        var notes: [(String, String)] = []
        if let booster = row.boostedBy { notes.append(("boostedBy", JSONWriter.quoted(booster))) }
        if let warning = row.contentWarning { notes.append(("contentWarning", JSONWriter.quoted(warning))) }
        if row.sensitive { notes.append(("sensitive", "true")) }
        return notes
    }

    static func initialLoad(_ state: LoadState) -> String {
        switch state {
        case .loading: "loading"
        case .loaded: "loaded"
        case .failed: "failed"
        }
    }

    static func pagination(_ state: PaginationState) -> String {
        switch state {
        case .idle: "idle"
        case .loading: "loading"
        case .failed: "failed"
        case .end: "end"
        }
    }

    /// A finite number with at most 4 decimals, e.g. `0.8`, `1.7778`, `1`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
