/// Where the reader goes when rows are removed from a list: each removed row's place is taken by
/// the next row kept, or by the last row kept before it at the end of the list.
public enum RowPlaces {
    /// For each ID of `removed` in `ids` (the list before the removal, in order), the kept ID that
    /// takes its place; none when every row goes.
    public static func after<ID: Hashable>(removing removed: Set<ID>, from ids: [ID]) -> [ID: ID] {
        var places: [ID: ID] = [:]
        var waiting: [ID] = []
        var lastKept: ID?
        for id in ids {
            if removed.contains(id) {
                waiting.append(id)
            } else {
                for gone in waiting { places[gone] = id }
                waiting.removeAll()
                lastKept = id
            }
        }
        if let lastKept { for gone in waiting { places[gone] = lastKept } }
        return places
    }
}
