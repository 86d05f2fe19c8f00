import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cache's files on disk: a private directory, a 0600 database with its `-wal`/`-shm`, and at most
/// one set of moved-aside files kept as evidence of the last unreadable one.
enum CacheFiles {
    /// The database file's mode: the owner alone reads and writes it.
    static let fileMode: mode_t = 0o600
    /// The directory's mode when this code creates it.
    static let directoryMode: mode_t = 0o700

    /// The database, its write-ahead log and its shared-memory index.
    static func all(_ url: URL) -> [URL] {
        [url, sidecar(url, "-wal"), sidecar(url, "-shm")]
    }

    /// `url` with `suffix` appended to its file name (SQLite's `-wal`, `-shm`).
    static func sidecar(_ url: URL, _ suffix: String) -> URL {
        URL(fileURLWithPath: url.path + suffix)
    }

    /// Creates the parent directory 0700 if missing and the database file 0600 (whatever the umask),
    /// and narrows an existing file to 0600.
    static func prepare(_ url: URL) throws {
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try check(chmod(directory.path, directoryMode), "set the mode of", directory)
        }
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, fileMode)
        try check(descriptor, "create", url)
        defer { close(descriptor) }
        try check(fchmod(descriptor, fileMode), "set the mode of", url)
    }

    /// Sets every existing cache file to 0600 (SQLite copies the database's mode, this makes sure).
    static func narrowModes(_ url: URL) throws {
        for file in all(url) where FileManager.default.fileExists(atPath: file.path) {
            try check(chmod(file.path, fileMode), "set the mode of", file)
        }
    }

    /// Moves the database and its log aside to `<name>.corrupt-<timestamp>`, drops its index, keeps only
    /// the newest moved-aside set, and returns where the database went.
    static func moveAside(_ url: URL, now: Date = Date()) throws -> URL {
        let stamp = ISO8601DateFormatter.string(
            from: now, timeZone: TimeZone(identifier: "UTC")!,
            formatOptions: [.withInternetDateTime, .withFractionalSeconds]
        )
        var aside = URL(fileURLWithPath: url.path + ".corrupt-" + stamp)
        var attempt = 1
        while FileManager.default.fileExists(atPath: aside.path) {
            attempt += 1
            aside = URL(fileURLWithPath: url.path + ".corrupt-" + stamp + "-\(attempt)")
        }
        try FileManager.default.moveItem(at: url, to: aside)
        let wal = sidecar(url, "-wal")
        if FileManager.default.fileExists(atPath: wal.path) {
            try FileManager.default.moveItem(at: wal, to: sidecar(aside, "-wal"))
        }
        try removeIfPresent(sidecar(url, "-shm"))
        try removeOlderAside(url, keeping: aside)
        return aside
    }

    /// Removes the database, its `-wal` and `-shm`, and every moved-aside copy; missing files are fine.
    static func delete(_ url: URL) throws {
        for file in all(url) { try removeIfPresent(file) }
        for file in try asideFiles(url) { try removeIfPresent(file) }
    }

    private static func removeOlderAside(_ url: URL, keeping aside: URL) throws {
        let keep: Set<String> = [aside.lastPathComponent, sidecar(aside, "-wal").lastPathComponent]
        for file in try asideFiles(url) where !keep.contains(file.lastPathComponent) {
            try removeIfPresent(file)
        }
    }

    private static func asideFiles(_ url: URL) throws -> [URL] {
        let directory = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let prefix = url.lastPathComponent + ".corrupt-"
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(prefix) }
            .map { directory.appendingPathComponent($0) }
    }

    private static func removeIfPresent(_ url: URL) throws {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw FileError(action: "remove", url: url, code: errno)
        }
    }

    private static func check(_ result: Int32, _ action: String, _ url: URL) throws {
        guard result >= 0 else { throw FileError(action: action, url: url, code: errno) }
    }

    /// A file operation on the cache failed, with the system's reason.
    struct FileError: Error, CustomStringConvertible {
        let action: String
        let url: URL
        let code: Int32

        var description: String { "cannot \(action) \(url.path): \(String(cString: strerror(code)))" }
    }
}
