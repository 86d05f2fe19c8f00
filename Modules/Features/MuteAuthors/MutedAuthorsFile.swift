import Database
import FeedInterface
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The muted authors on disk, `{"muted":["u3","u7"],"version":1}`: a private file read with a
/// bound and never through a symbolic link, and written whole to a new file renamed over the old
/// one, so a reader (or a crash) sees the old list or the new, never a part.
public enum MutedAuthorsFile {
    /// The most bytes read; a larger file is not ours to trust.
    public static let maxBytes = 1 << 20
    /// The most authors kept; a longer list in a file is not ours.
    public static let maxAuthors = 1_000
    /// The file's format version.
    static let version = 1

    /// What reading the file found.
    public enum Reading: Equatable, Sendable {
        /// No file: nobody is muted yet.
        case missing
        /// The muted authors, oldest first.
        case read([String])
        /// The file is not a list this code wrote (corrupt, too large, a link, not a regular file): why.
        case unusable(String)
        /// The folder cannot be trusted (a link, another user's, writable by others): why. Nothing is written there.
        case refused(String)
    }

    /// The document as stored.
    private struct Document: Codable {
        let version: Int
        let muted: [String]
    }

    /// Reads the list at `url`: at most `maxBytes`, not through a link, only a regular file of this user.
    public static func read(_ url: URL) -> Reading {
        if let problem = folderProblem(url.deletingLastPathComponent()) { return .refused(problem) }
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT: return .missing
            case ELOOP: return .unusable("it is a symbolic link")
            default: return .unusable(String(cString: strerror(errno)))
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .unusable(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .unusable("it is not a regular file") }
        guard info.st_uid == geteuid() else { return .unusable("it belongs to another user") }
        guard info.st_size <= maxBytes else { return .unusable("it is larger than \(maxBytes / 1024) KiB") }
        guard let data = readAll(descriptor) else { return .unusable("it grew past \(maxBytes / 1024) KiB while read, or could not be read") }
        return decode(data)
    }

    /// The list in `data`, or why it is not one.
    static func decode(_ data: Data) -> Reading {
        guard let document = try? JSONDecoder().decode(Document.self, from: data) else { return .unusable("it is not a list of muted authors") }
        guard document.version == version else { return .unusable("it is version \(document.version), this build reads \(version)") }
        guard document.muted.count <= maxAuthors else { return .unusable("it lists more than \(maxAuthors) authors") }
        guard document.muted.allSatisfy({ PostLimits.idBytes.contains($0.utf8.count) }) else { return .unusable("an author ID in it is empty or too long") }
        var seen = Set<String>()
        return .read(document.muted.filter { seen.insert($0).inserted })
    }

    /// The bytes written for `authors`.
    static func encode(_ authors: [String]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // An array of strings always encodes.
        return (try? encoder.encode(Document(version: version, muted: authors))) ?? Data()
    }

    /// Writes `authors` to `url` atomically: a new 0600 file beside it, flushed, renamed over the
    /// old one (a link there is replaced, never followed), then the folder flushed.
    public static func write(_ authors: [String], to url: URL) throws(FileError) {
        let folder = url.deletingLastPathComponent()
        try DatabaseFiles.privateDirectory(folder)
        let temporary = self.temporary(url)
        // A leftover of a crash of an earlier process with this ID: ours by name.
        _ = unlink(temporary.path)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, DatabaseFiles.fileMode)
        guard descriptor >= 0 else { throw FileError(action: "create", url: temporary, code: errno) }
        var renamed = false
        defer { if !renamed { _ = unlink(temporary.path) } }
        let written = writeAll(encode(authors), to: descriptor)
        let flushed = written && fsync(descriptor) == 0
        let code = errno
        close(descriptor)
        guard written, flushed else { throw FileError(action: "write", url: temporary, code: code) }
        guard rename(temporary.path, url.path) == 0 else { throw FileError(action: "replace", url: url, code: errno) }
        renamed = true
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    /// Changes the list on disk by `change` while holding the list's lock, so two processes sharing
    /// the file never lose each other's changes: the list is read (a missing or unusable one is
    /// empty), changed, capped at `maxAuthors` and written; returns the list now on disk. Waits at
    /// most `lockWait` for another process's write.
    public static func update(
        at url: URL, lockWait: Duration = .seconds(2), _ change: (inout [String]) -> Void
    ) throws(FileError) -> [String] {
        let folder = url.deletingLastPathComponent()
        try DatabaseFiles.privateDirectory(folder)
        if let problem = folderProblem(folder) { throw FileError(action: "trust", url: folder, code: EPERM, advice: problem) }
        let lock = self.lock(url)
        let descriptor = open(lock.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, DatabaseFiles.fileMode)
        guard descriptor >= 0 else { throw FileError(action: "lock", url: lock, code: errno) }
        defer { close(descriptor) }
        let deadline = ContinuousClock.now + lockWait
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else { throw FileError(action: "lock", url: lock, code: errno) }
            usleep(5_000)
        }
        defer { _ = flock(descriptor, LOCK_UN) }
        var authors: [String] = if case .read(let list) = read(url) { list } else { [] }
        change(&authors)
        var seen = Set<String>()
        authors = Array(authors.filter { seen.insert($0).inserted }.prefix(maxAuthors))
        try write(authors, to: url)
        return authors
    }

    /// The lock file beside `url` that writers of the list hold while they change it.
    public static func lock(_ url: URL) -> URL { URL(fileURLWithPath: url.path + ".lock") }

    /// Moves an unusable file aside (`<name>.corrupt-<time>`, which a logout deletes too); returns where.
    public static func moveAside(_ url: URL) throws(FileError) -> URL {
        try DatabaseFiles.moveAside(url)
    }

    /// The new file a write of this process goes through before it is renamed over `url`.
    static func temporary(_ url: URL) -> URL { URL(fileURLWithPath: url.path + ".tmp-\(getpid())") }

    /// Files a write left beside `url` when its process died before the rename: a logout deletes them.
    public static func leftovers(_ url: URL) -> [URL] {
        let folder = url.deletingLastPathComponent()
        let prefix = url.lastPathComponent + ".tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Why `folder` is not to be trusted, or `nil` (also when it does not exist yet).
    private static func folderProblem(_ folder: URL) -> String? {
        var info = stat()
        guard lstat(folder.path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK { return "its folder \(folder.path) is a symbolic link" }
        if info.st_mode & S_IFMT != S_IFDIR { return "\(folder.path) is not a folder" }
        if info.st_uid != geteuid() { return "its folder \(folder.path) belongs to another user" }
        if info.st_mode & 0o022 != 0 { return "others can write to its folder \(folder.path)" }
        return nil
    }

    /// Every byte of `descriptor`, at most `maxBytes`; `nil` past that or on a read error.
    private static func readAll(_ descriptor: Int32) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > maxBytes { return nil }
        }
    }

    /// Writes all of `data`; whether it did.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }
}

/// `read(2)`, named apart from `MutedAuthorsFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }

/// `write(2)`, named apart from `MutedAuthorsFile.write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
