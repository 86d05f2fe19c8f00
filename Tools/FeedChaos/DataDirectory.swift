import Foundation

/// The client's `--data-dir`, read from outside: the saved pages of `offline-pages` and the
/// outbox of `persistent-like-queue`.
struct DataDirectory {
    let url: URL

    /// The databases the host names `feed-….sqlite` (saved pages) and `likes-….sqlite` (outbox).
    private func database(_ kind: String) -> URL? {
        entries().first { $0.hasPrefix("\(kind)-") && $0.hasSuffix(".sqlite") }.map { url.appendingPathComponent($0) }
    }

    var feedFile: URL? { database("feed") }
    var outboxFile: URL? { database("likes") }

    /// The names in the directory; none when it does not exist.
    func entries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// `PRAGMA integrity_check` of `file`: "ok", or what is wrong.
    static func integrity(of file: URL) -> String {
        do {
            let lines = try ReadOnlyDatabase(path: file.path).column("PRAGMA integrity_check")
            return lines.joined(separator: "; ")
        } catch {
            return error.description
        }
    }

    /// The saved feed's post IDs in order; empty when nothing is saved.
    func savedFeedIDs() throws(ReadOnlyDatabase.Failure) -> [String] {
        guard let feedFile else { return [] }
        return try ReadOnlyDatabase(path: feedFile.path).column("SELECT post_id FROM feed_order ORDER BY position")
    }

    /// The outbox's wanted state per post; empty when there is no outbox.
    func outboxIntents() throws(ReadOnlyDatabase.Failure) -> [String: Bool] {
        guard let outboxFile else { return [:] }
        let rows = try ReadOnlyDatabase(path: outboxFile.path).rows("SELECT post_id, wanted FROM outbox")
        var intents: [String: Bool] = [:]
        for row in rows where row.count == 2 {
            if let id = row[0], let wanted = row[1] { intents[id] = wanted == "1" }
        }
        return intents
    }

    /// What of the user is still stored after a logout: files other than the follow-ups' databases
    /// and their SQLite companions, rows left in any of their tables, and any of `texts` (captions
    /// the user saw) anywhere in the files' bytes — deleted rows left in free pages or the WAL.
    func leftoversAfterLogout(texts: [String] = []) -> [String] {
        var left: [String] = []
        let needles = texts.map { Data($0.utf8) }.filter { !$0.isEmpty }
        for name in entries() {
            guard let bytes = FileManager.default.contents(atPath: url.appendingPathComponent(name).path) else { continue }
            if let found = needles.first(where: { bytes.range(of: $0) != nil }) {
                left.append("the bytes of \(name) still hold the caption \"\(String(decoding: found.prefix(40), as: UTF8.self))\"")
            }
        }
        let allowed = ["", "-wal", "-shm", "-journal"]
        for name in entries() where !allowed.contains(where: { name.hasSuffix(".sqlite\($0)") }) {
            left.append("the file \(name)")
        }
        // Every follow-up's database, whatever it is called: no table may keep a row, but for a
        // one-row table keyed `id = 1` (whose file it is, a revision clock) that holds nothing the user saw.
        for name in entries() where name.hasSuffix(".sqlite") {
            let file = url.appendingPathComponent(name)
            do {
                let database = try ReadOnlyDatabase(path: file.path)
                let tables = try database.column("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
                for table in tables {
                    let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                    let count = try database.column("SELECT count(*) FROM \(quoted)").first ?? "?"
                    guard count != "0" else { continue }
                    let columns = try database.column("SELECT name FROM pragma_table_info('\(table.replacingOccurrences(of: "'", with: "''"))')")
                    if count == "1", columns.contains("id"), try database.column("SELECT id FROM \(quoted)").first == "1" { continue }
                    left.append("\(count) rows in \(table) of \(name)")
                }
            } catch {
                left.append("an unreadable \(name): \(error)")
            }
        }
        return left
    }
}
