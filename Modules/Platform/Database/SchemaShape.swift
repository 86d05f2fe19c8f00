/// What a program's database file must hold to be read: its `user_version` and the columns of
/// each of its tables, in order. A file of another shape is one to move aside, not to trust; a file
/// of an earlier version this build migrates must have that version's columns.
public struct SchemaShape: Sendable {
    /// The schema version this build writes.
    public let version: Int
    /// The columns of each table, in order.
    public let columns: [String: [String]]
    /// The earlier versions this build migrates, each with its tables' columns.
    public let earlier: [Int: [String: [String]]]

    /// A shape of `version` with these tables and columns, migrated from the `earlier` versions.
    public init(version: Int, columns: [String: [String]], earlier: [Int: [String: [String]]] = [:]) {
        self.version = version
        self.columns = columns
        self.earlier = earlier
    }

    /// Why the file of `db` is not of this shape, or `nil` when it is (or is empty, or of an earlier
    /// version, and can become it). Read in one snapshot, so a migration by another connection is
    /// seen whole or not at all.
    public func problem(in db: Connection) throws -> String? {
        try db.read { try snapshotProblem(in: db) }
    }

    private func snapshotProblem(in db: Connection) throws -> String? {
        let found = try db.userVersion()
        let tables = try db.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { row in
            try row.column(0, as: String.self)
        }
        if found == 0 {
            return tables.isEmpty ? nil : "it holds tables this program did not write"
        }
        guard let expected = found == version ? columns : earlier[found] else {
            return "schema version \(found); this build reads version \(version)"
        }
        guard Set(expected.keys).isSubset(of: tables) else { return "its tables are missing" }
        for (table, wanted) in expected.sorted(by: { $0.key < $1.key }) {
            let columns = try db.query("SELECT name FROM pragma_table_info(?)", [table]) { row in try row.column(0, as: String.self) }
            guard columns == wanted else {
                return "its table \(table) has the columns \(columns.joined(separator: ", ")), not \(wanted.joined(separator: ", "))"
            }
        }
        return nil
    }
}
