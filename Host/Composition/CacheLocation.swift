import Foundation

/// Where the offline cache lives: one file per server and user, in a private directory.
enum CacheLocation {
    /// `--data-dir`, else `$XDG_CACHE_HOME/feed`, else `~/.cache/feed`.
    static func directory(dataDir: URL?, environment: [String: String]) -> URL {
        if let dataDir { return dataDir }
        if let cache = environment["XDG_CACHE_HOME"], !cache.isEmpty {
            return URL(fileURLWithPath: cache, isDirectory: true).appendingPathComponent("feed", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/feed", isDirectory: true)
    }

    /// The database file for `user` on `server` (`nil` = the embedded server, whose port changes
    /// every run): a readable name plus a hash of the exact pair, so two never share a file.
    static func file(in directory: URL, server: URL?, user: String) -> URL {
        let serverKey = server.map { url in
            "\(url.scheme ?? "http")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")\(url.path)"
        } ?? "embedded"
        let readable = "\(server?.host ?? "embedded")\(server?.port.map { "-\($0)" } ?? "")-\(user)"
        let safe = String(readable.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }.prefix(60))
        let hash = String(fnv1a("\(serverKey)\n\(user)"), radix: 16)
        return directory.appendingPathComponent("feed-\(safe)-\(hash).sqlite")
    }

    /// FNV-1a, 64 bits: stable across runs and machines, unlike `Hasher`.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// Deletes the database file, SQLite's companions (`-wal`, `-shm`, `-journal`) and copies
    /// moved aside when a file was unreadable (`.corrupt-…`), which may hold the user's posts.
    static func deleteFiles(of database: URL) throws {
        try deleteMovedAside(of: database)
        let manager = FileManager.default
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let path = database.path + suffix
            if manager.fileExists(atPath: path) { try manager.removeItem(atPath: path) }
        }
    }

    /// Deletes only the copies moved aside next to `database` (`<name>.corrupt-…` and their companions).
    static func deleteMovedAside(of database: URL) throws {
        let manager = FileManager.default
        let directory = database.deletingLastPathComponent()
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        let prefix = database.lastPathComponent + ".corrupt-"
        for name in names where name.hasPrefix(prefix) {
            try manager.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
