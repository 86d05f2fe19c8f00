import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A database's files on disk, in one place: a private directory, a 0600 file with SQLite's
/// companions (`-wal`, `-shm`, `-journal`), and at most one set of copies moved aside when a file
/// was unreadable. Symbolic links are never followed: one where a file or the directory should be
/// is refused.
public enum DatabaseFiles {
    /// The database file's mode: the owner alone reads and writes it.
    public static let fileMode: mode_t = 0o600
    /// The directory's mode when this code creates it.
    public static let directoryMode: mode_t = 0o700
    /// SQLite's companion files of a database.
    public static let companions = ["-wal", "-shm", "-journal"]

    /// The database and its companions.
    public static func all(_ url: URL) -> [URL] {
        [url] + companions.map { sidecar(url, $0) }
    }

    /// `url` with `suffix` appended to its file name (SQLite's `-wal`, `-shm`).
    public static func sidecar(_ url: URL, _ suffix: String) -> URL {
        URL(fileURLWithPath: url.path + suffix)
    }

    /// Before SQLite opens the database: creates the parent directory 0700 if missing and a missing
    /// database file 0600 (whatever the umask), and narrows existing files of the database to 0600.
    /// Refuses a directory that is a symbolic link, is not ours, or that others may write, and any
    /// file of the database that is a symbolic link.
    ///
    /// An existing file is never opened: SQLite (here or in another process) may hold it, and
    /// closing any descriptor of it would drop every POSIX lock this process holds on it.
    static func prepare(_ url: URL) throws(FileError) {
        try privateDirectory(url.deletingLastPathComponent())
        for file in all(url) where isSymbolicLink(file) {
            throw FileError(action: "open", url: file, code: ELOOP, advice: "it is a symbolic link; remove it")
        }
        // EXCL: only a file this call creates is opened, so no lock of anyone's is on it.
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, fileMode)
        if descriptor >= 0 {
            defer { close(descriptor) }
            try check(fchmod(descriptor, fileMode), "set the mode of", url)
        } else if errno != EEXIST {
            throw FileError(action: "create", url: url, code: errno)
        }
        for file in all(url) { try narrowMode(file) }
    }

    /// Makes sure `directory` exists as a private directory of this user: creates what is missing
    /// (0700), and refuses a symbolic link, another owner's directory, or one others may write.
    public static func privateDirectory(_ directory: URL) throws(FileError) {
        var info = stat()
        if lstat(directory.path, &info) != 0 {
            guard errno == ENOENT else { throw FileError(action: "inspect", url: directory, code: errno) }
            try privateDirectory(directory.deletingLastPathComponent(), creatingOnly: true)
            guard mkdir(directory.path, directoryMode) == 0 || errno == EEXIST else {
                throw FileError(action: "create", url: directory, code: errno)
            }
            try check(chmod(directory.path, directoryMode), "set the mode of", directory)
            guard lstat(directory.path, &info) == 0 else { throw FileError(action: "inspect", url: directory, code: errno) }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            let what = info.st_mode & S_IFMT == S_IFLNK ? "it is a symbolic link" : "it is not a directory"
            throw FileError(action: "use", url: directory, code: ENOTDIR, advice: "\(what); give a real directory with --data-dir")
        }
        guard info.st_uid == geteuid() else {
            throw FileError(action: "use", url: directory, code: EPERM, advice: "it belongs to another user; give a directory of your own with --data-dir")
        }
        guard info.st_mode & 0o022 == 0 else {
            throw FileError(
                action: "use", url: directory, code: EPERM,
                advice: "others can write to it; run `chmod 700 \(directory.path)` or give another --data-dir")
        }
    }

    /// Creates the missing parents of a private directory with the same mode, checking nothing else.
    private static func privateDirectory(_ directory: URL, creatingOnly: Bool) throws(FileError) {
        var info = stat()
        guard lstat(directory.path, &info) != 0 else { return }
        guard errno == ENOENT, directory.path != "/" else { throw FileError(action: "inspect", url: directory, code: errno) }
        try privateDirectory(directory.deletingLastPathComponent(), creatingOnly: true)
        guard mkdir(directory.path, directoryMode) == 0 || errno == EEXIST else {
            throw FileError(action: "create", url: directory, code: errno)
        }
    }

    /// Moves the database and its log aside to `<name>.corrupt-<timestamp>`, drops its index, keeps only
    /// the newest moved-aside set, and returns where the database went.
    public static func moveAside(_ url: URL, now: Date = Date()) throws(FileError) -> URL {
        let stamp = ISO8601DateFormatter.string(
            from: now, timeZone: TimeZone(identifier: "UTC")!,
            formatOptions: [.withInternetDateTime, .withFractionalSeconds]
        )
        var aside = URL(fileURLWithPath: url.path + ".corrupt-" + stamp)
        var attempt = 1
        while exists(aside) {
            attempt += 1
            aside = URL(fileURLWithPath: url.path + ".corrupt-" + stamp + "-\(attempt)")
        }
        try check(rename(url.path, aside.path), "move aside", url)
        let wal = sidecar(url, "-wal")
        if exists(wal) { try check(rename(wal.path, sidecar(aside, "-wal").path), "move aside", wal) }
        try removeIfPresent(sidecar(url, "-shm"))
        try removeIfPresent(sidecar(url, "-journal"))
        try removeOlderAside(url, keeping: aside)
        return aside
    }

    /// Removes the database, its companions and every moved-aside copy; missing files are fine.
    public static func delete(_ url: URL) throws(FileError) {
        for file in all(url) { try removeIfPresent(file) }
        try deleteMovedAside(url)
    }

    /// Removes only the copies moved aside next to `url` (they may hold a user's data).
    public static func deleteMovedAside(_ url: URL) throws(FileError) {
        for file in asideFiles(url) { try removeIfPresent(file) }
    }

    private static func removeOlderAside(_ url: URL, keeping aside: URL) throws(FileError) {
        let keep: Set<String> = [aside.lastPathComponent, sidecar(aside, "-wal").lastPathComponent]
        for file in asideFiles(url) where !keep.contains(file.lastPathComponent) {
            try removeIfPresent(file)
        }
    }

    private static func asideFiles(_ url: URL) -> [URL] {
        let directory = url.deletingLastPathComponent()
        let prefix = url.lastPathComponent + ".corrupt-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.map { directory.appendingPathComponent($0) }
    }

    private static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    /// Sets an existing file to 0600 by its path, without a descriptor (see `prepare`). The directory
    /// is private, so nobody else can swap a symbolic link in between the check and the change.
    private static func narrowMode(_ url: URL) throws(FileError) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            guard errno == ENOENT else { throw FileError(action: "inspect", url: url, code: errno) }
            return
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileError(action: "open", url: url, code: EINVAL, advice: "it is not a regular file; remove it")
        }
        guard info.st_mode & 0o777 != fileMode else { return }
        try check(chmod(url.path, fileMode), "set the mode of", url)
    }

    private static func isSymbolicLink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    private static func removeIfPresent(_ url: URL) throws(FileError) {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw FileError(action: "remove", url: url, code: errno)
        }
    }

    private static func check(_ result: Int32, _ action: String, _ url: URL) throws(FileError) {
        guard result >= 0 else { throw FileError(action: action, url: url, code: errno) }
    }
}
