import Feed
import FeedInterface
import Foundation

/// The headless view of a `FeedViewState`: one JSON object on one line.
enum StateJSON {
    /// The state as the headless protocol prints it; `extra` pairs are appended (e.g. `settled`).
    static func encode(_ state: FeedViewState, now: Date = Date(), extra: [(String, String)] = []) -> String {
        var rows = ""
        rows.reserveCapacity(state.rows.count * 160)
        rows += "["
        for (index, row) in state.rows.enumerated() {
            if index > 0 { rows += "," }
            rows += JSONWriter.object([
                ("id", JSONWriter.quoted(row.id.rawValue)),
                ("author", JSONWriter.quoted(row.author)),
                ("caption", JSONWriter.quoted(row.caption)),
                ("likes", JSONWriter.quoted(row.likes)),
                ("heart", JSONWriter.quoted(row.heart.rawValue)),
                ("aspectRatio", number(row.aspectRatio)),
            ])
        }
        rows += "]"
        return JSONWriter.object(
            [
                ("rows", rows),
                ("initialLoad", JSONWriter.quoted(initialLoad(state.initialLoad))),
                ("pagination", JSONWriter.quoted(pagination(state.pagination))),
                ("refreshing", state.isRefreshing ? "true" : "false"),
                ("message", JSONWriter.quotedOrNull(state.message?.text)),
                ("banner", JSONWriter.quotedOrNull(state.banner?.text(now: now))),
            ] + extra)
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
