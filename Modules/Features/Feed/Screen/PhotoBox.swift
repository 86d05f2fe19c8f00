/// The photo area of a row, in cells: its size comes from the aspect ratio and the screen's size
/// alone, before any photo exists, so a row never changes height when its photo arrives.
struct PhotoBox: Hashable, Sendable {
    let columns: Int
    let rows: Int

    /// The fewest lines a photo area takes, and the most on any screen (a bound for hostile sizes).
    static let minimumRows = 3
    static let maximumRows = 120
    /// The widest a photo area gets: past this a photo is no easier to look at, only costlier.
    static let maximumColumns = 96

    /// The box for `aspectRatio` (width ÷ height) in at most `availableColumns`, at most `maxRows`
    /// lines. A cell is about twice as tall as wide, so a line holds two columns' worth of height.
    init(aspectRatio: Double, availableColumns: Int, maxRows: Int) {
        // Any ratio from a hostile source is clamped before it reaches an Int conversion.
        let ratio = aspectRatio.isFinite && aspectRatio > 0 ? min(max(aspectRatio, 1e-4), 1e4) : 1
        let widest = max(4, min(availableColumns, Self.maximumColumns))
        let tallest = max(Self.minimumRows, min(maxRows, Self.maximumRows))
        let ideal = min(Double(widest) / ratio / 2, Double(tallest))
        rows = min(tallest, max(Self.minimumRows, Int(ideal.rounded())))
        let fitted = min((Double(rows) * 2 * ratio).rounded(), Double(widest))
        columns = max(4, min(widest, Int(fitted)))
    }

    /// The most lines a photo area takes on a screen `screenRows` tall: about half the list area
    /// (the screen less its title and key lines), so a row and the next one's author fit.
    static func maxRows(screenRows: Int) -> Int {
        max(minimumRows, min(maximumRows, (screenRows - 2) / 2))
    }
}
