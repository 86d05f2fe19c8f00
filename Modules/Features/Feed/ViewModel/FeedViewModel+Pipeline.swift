import FeedInterface

/// The post pipeline's filters applied to the rows already shown: a row no longer kept goes, the
/// others stay where they are, and a reader on a removed row reads on from the row that took its place.
extension FeedViewModel {
    /// Removes the rows the pipeline no longer keeps (a filter changed its mind), above or below
    /// the reader; each removed row's place goes to the next row kept (the one before it at the end).
    func removeFilteredRows() {
        // Told while a page is taken in: the rows go once the answer is in (`onAnswer`).
        guard let pipeline, !list.isTakingInPage else { return }
        filteredRevision = pipeline.revision
        let rows = list.rows
        var removes = Set<PostID>()
        for row in rows {
            guard let post = posts.post(row.id), !pipeline.keeps(post) else { continue }
            removes.insert(row.id)
        }
        guard !removes.isEmpty else { return }
        state.movedTo = Self.places(of: removes, in: rows)
        list.remove { removes.contains($0.id) }
        posts.release(Array(removes))
        if let place = reader, removes.contains(place.post) {
            reader = state.movedTo[place.post].map { FeedPlace(post: $0, lineOffset: 0) }
        }
        if let place = restoredPlace, removes.contains(place.post) {
            restoredPlace = state.movedTo[place.post].map { FeedPlace(post: $0, lineOffset: 0) }
        }
    }

    /// As `removeFilteredRows`, when a filter changed its mind since the rows were last filtered
    /// (a page fetched before the change was taken in after it).
    func removeFilteredRowsIfChanged() {
        guard let pipeline, pipeline.revision != filteredRevision || pipeline.revision != pageFilteredAt.revision else { return }
        removeFilteredRows()
    }

    /// For each removed row, the row kept that takes its place: the next one kept, else the last
    /// one kept before it; none when every row goes.
    static func places(of removed: Set<PostID>, in rows: [PostRow]) -> [PostID: PostID] {
        var places: [PostID: PostID] = [:]
        var waiting: [PostID] = []
        var lastKept: PostID?
        for row in rows {
            if removed.contains(row.id) {
                waiting.append(row.id)
            } else {
                for id in waiting { places[id] = row.id }
                waiting.removeAll()
                lastKept = row.id
            }
        }
        if let lastKept { for id in waiting { places[id] = lastKept } }
        return places
    }
}
