import Feed

/// One frame of the feed as plain text, without escape sequences.
enum PlainFrame {
    static func render(_ state: FeedViewState, ascii: Bool) -> String {
        var lines: [String] = []
        switch state.initialLoad {
        case .loading:
            lines.append("Loading the feed…")
        case .failed(let message):
            lines.append(message)
            lines.append("Run again once the server is up, or pass --server URL.")
        case .loaded:
            for row in state.rows {
                let heart: String
                switch row.heart {
                case .liked: heart = ascii ? "<3" : "♥"
                case .notLiked: heart = ascii ? "</3" : "♡"
                case .unknown: heart = ascii ? "?" : "♡?"
                }
                lines.append("@\(row.author)")
                lines.append("[photo \(aspect(row.aspectRatio))]")
                lines.append("\(heart) \(row.likes)")
                if !row.caption.isEmpty { lines.append(row.caption) }
                lines.append("")
            }
            switch state.pagination {
            case .end: lines.append("— You're all caught up —")
            case .failed(let message): lines.append(message)
            case .idle, .loading: lines.append("\(state.rows.count) posts shown; more below.")
            }
        }
        if let message = state.message, state.initialLoad == .loaded { lines.append(message) }
        return lines.joined(separator: "\n")
    }

    private static func aspect(_ ratio: Double) -> String {
        if abs(ratio - 1) < 0.01 { return "square" }
        return ratio < 1 ? "portrait" : "landscape"
    }
}
