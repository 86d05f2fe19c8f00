import Database
import Testing
import TestingSupport

@Suite struct SchemaShapeTests {
    private let shape = SchemaShape(version: 1, columns: ["notes": ["id", "text"], "meta": ["key", "value"]])

    private func database(_ script: String, version: Int) throws -> (TemporaryDirectory, Connection) {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        if !script.isEmpty { try db.executeScript(script) }
        try db.execute("PRAGMA user_version = \(version)")
        return (directory, db)
    }

    @Test func anEmptyFileCanBecomeTheSchemaAndAMatchingOneIsRead() throws {
        let (_, empty) = try database("", version: 0)
        #expect(try shape.problem(in: empty) == nil)
        let (_, matching) = try database("CREATE TABLE notes (id, text); CREATE TABLE meta (key, value);", version: 1)
        #expect(try shape.problem(in: matching) == nil)
    }

    @Test func everyOtherShapeSaysWhatIsWrong() throws {
        let cases: [(String, Int, String)] = [
            ("CREATE TABLE other (x);", 0, "it holds tables this program did not write"),
            ("CREATE TABLE notes (id, text); CREATE TABLE meta (key, value);", 2, "schema version 2; this build reads version 1"),
            ("CREATE TABLE notes (id, text);", 1, "its tables are missing"),
            ("CREATE TABLE notes (id, body); CREATE TABLE meta (key, value);", 1, "its table notes has the columns id, body, not id, text"),
        ]
        for (script, version, expected) in cases {
            let (_, db) = try database(script, version: version)
            #expect(try shape.problem(in: db) == expected)
        }
    }

    @Test func anEarlierVersionItMigratesIsReadWithThatVersionsColumns() throws {
        let migrating = SchemaShape(
            version: 2, columns: ["notes": ["id", "text", "done"], "meta": ["key", "value"]],
            earlier: [1: ["notes": ["id", "text"], "meta": ["key", "value"]]])
        let (_, first) = try database("CREATE TABLE notes (id, text); CREATE TABLE meta (key, value);", version: 1)
        #expect(try migrating.problem(in: first) == nil)
        let (_, current) = try database("CREATE TABLE notes (id, text, done); CREATE TABLE meta (key, value);", version: 2)
        #expect(try migrating.problem(in: current) == nil)
        let (_, wrong) = try database("CREATE TABLE notes (id, text, done); CREATE TABLE meta (key, value);", version: 1)
        #expect(try migrating.problem(in: wrong) == "its table notes has the columns id, text, done, not id, text")
        let (_, future) = try database("CREATE TABLE notes (id, text);", version: 3)
        #expect(try migrating.problem(in: future) == "schema version 3; this build reads version 2")
    }

    @Test func aSQLiteErrorIsToldInSQLitesWords() {
        #expect(DatabaseError.sqlite(code: 26, message: "file is not a database", sql: "SELECT 1").reason == "file is not a database")
        #expect(DatabaseError.futureSchema(found: 3, known: 1).reason.hasPrefix("the database has schema version 3"))
    }
}
