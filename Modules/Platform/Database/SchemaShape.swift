/// What a program's database file must hold to be read: its `user_version` and the columns of
/// each of its tables, in order. A file of another shape is one to move aside, not to trust.
public struct SchemaShape: Sendable {
    /// The one schema version this build reads.
    public let version: Int
    /// The columns of each table, in order.
    public let columns: [String: [String]]

    /// A shape of `version` with these tables and columns.
    public init(version: Int, columns: [String: [String]]) {
        self.version = version
        self.columns = columns
    }

    /// Why the file of `db` is not of this shape, or `nil` when it is (or is empty and can become it).
    public func problem(in db: Connection) throws -> String? {
        let found = try db.userVersion()
        let tables = try db.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { row in
            try row.column(0, as: String.self)
        }
        if found == 0 {
            return tables.isEmpty ? nil : "it holds tables this program did not write"
        }
        guard found == version else { return "schema version \(found); this build reads version \(version)" }
        guard Set(columns.keys).isSubset(of: tables) else { return "its tables are missing" }
        for (table, expected) in columns.sorted(by: { $0.key < $1.key }) {
            let columns = try db.query("SELECT name FROM pragma_table_info(?)", [table]) { row in try row.column(0, as: String.self) }
            guard columns == expected else {
                return "its table \(table) has the columns \(columns.joined(separator: ", ")), not \(expected.joined(separator: ", "))"
            }
        }
        return nil
    }
}
