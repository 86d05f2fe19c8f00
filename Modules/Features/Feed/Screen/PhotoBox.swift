/// The photo area of a row, in cells: its size comes from the aspect ratio alone, before any
/// photo exists, so a row never changes height when its photo arrives.
struct PhotoBox: Hashable, Sendable {
    let columns: Int
    let rows: Int

    /// The fewest and most lines a photo area takes.
    static let minimumRows = 3
    static let maximumRows = 8
    /// The widest a photo area gets.
    static let maximumColumns = 40

    /// The box for `aspectRatio` (width ÷ height) in at most `availableColumns`, at most `maxRows`
    /// lines. A cell is about twice as tall as wide, so a line holds two columns' worth of height.
    init(aspectRatio: Double, availableColumns: Int, maxRows: Int) {
        let ratio = aspectRatio.isFinite && aspectRatio > 0 ? aspectRatio : 1
        let widest = max(4, min(availableColumns, Self.maximumColumns))
        let tallest = max(Self.minimumRows, min(maxRows, Self.maximumRows))
        let ideal = Double(widest) / ratio / 2
        rows = min(tallest, max(Self.minimumRows, Int(ideal.rounded())))
        let fitted = (Double(rows) * 2 * ratio).rounded()
        columns = max(4, min(widest, fitted.isFinite ? Int(fitted) : widest))
    }

    /// The most lines a photo area takes on a screen `screenRows` tall: about a third of the list.
    static func maxRows(screenRows: Int) -> Int {
        max(minimumRows, min(maximumRows, (screenRows - 2) / 3))
    }
}
