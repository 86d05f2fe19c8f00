import FeedInterface
import Paging

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
        state.movedTo = RowPlaces.after(removing: removes, from: rows.map(\.id))
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
}
