import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The disk cache's directory, held open: every file is reached relative to it with
/// O_NOFOLLOW | O_CLOEXEC, created 0600, and replaced by writing a temporary file and renaming it.
final class CacheDirectory: Sendable {
    /// One file found by `list`.
    struct Listing {
        let name: String
        let isRegularFile: Bool
        let size: Int
        /// Nanoseconds since 1970: the last use.
        let modified: Int64
    }

    let path: String
    private let fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    /// Opens `path`, creating it and its missing parents with mode 0700. The last component must
    /// be a real directory (not a symlink) owned by this user; a looser mode is tightened to 0700.
    static func openOrCreate(_ path: String) throws(CacheDirectoryError) -> CacheDirectory {
        guard path.hasPrefix("/") else { throw .unusable(path, "the path is not absolute") }
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw .unusable(path, "cannot create \(prefix): \(message(errno))") }
        }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw .unusable(path, "cannot open it: \(message(errno))") }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_uid == geteuid() else {
            close(fd)
            throw .unusable(path, "it belongs to another user")
        }
        if info.st_mode & 0o077 != 0, fchmod(fd, 0o700) != 0 {
            close(fd)
            throw .unusable(path, "cannot make it private (0700): \(message(errno))")
        }
        return CacheDirectory(path: path, fd: fd)
    }

    /// Up to `limit` entries of the directory (dot files included, `.` and `..` left out), not followed.
    func list(limit: Int) -> [Listing] {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        rewinddir(directory)
        var result: [Listing] = []
        while result.count < limit, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            // Any file's time may be set to anything (`touch -d 2300-01-01`): clamped before the
            // nanoseconds are counted, which would overflow past the year 2262.
            let seconds = min(max(Int64(info.st_mtim.tv_sec), 0), 9_000_000_000)
            let modified = seconds * 1_000_000_000 + min(max(Int64(info.st_mtim.tv_nsec), 0), 999_999_999)
            result.append(Listing(
                name: name, isRegularFile: info.st_mode & S_IFMT == S_IFREG, size: Int(info.st_size), modified: modified))
        }
        return result
    }

    /// The contents of the regular file `name`, or nil when it is missing, not a regular file,
    /// larger than `maxBytes`, or unreadable.
    func contents(of name: String, maxBytes: Int) -> Data? {
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 0, Int(info.st_size) <= maxBytes else { return nil }
        let size = Int(info.st_size)
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { raw -> Bool in
            var done = 0
            while done < size {
                let count = read(file, raw.baseAddress! + done, size - done)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                done += count
            }
            return true
        }
        return complete ? data : nil
    }

    /// Writes `data` to a new temporary file (0600) and renames it over `name`, so a crash leaves
    /// either the old file or the new one. Returns whether it worked.
    func replace(_ name: String, with data: Data) -> Bool {
        let temporary = ".tmp-\(UInt64.random(in: 0...UInt64.max))"
        let file = openat(fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return false }
        let written = data.withUnsafeBytes { raw -> Bool in
            var done = 0
            while done < raw.count {
                let count = write(file, raw.baseAddress! + done, raw.count - done)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                done += count
            }
            return true
        }
        guard close(file) == 0, written, renameat(fd, temporary, fd, name) == 0 else {
            unlinkat(fd, temporary, 0)
            return false
        }
        return true
    }

    /// Removes `name` (a symlink itself, never its target; an empty directory too).
    func remove(_ name: String) {
        if unlinkat(fd, name, 0) != 0 && (errno == EISDIR || errno == EPERM) {
            unlinkat(fd, name, AT_REMOVEDIR)
        }
    }

    /// Records `nanoseconds` (since 1970) as the last use of `name`, without following a symlink.
    func touch(_ name: String, at nanoseconds: Int64) {
        let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        let times = [time, time]
        utimensat(fd, name, times, AT_SYMLINK_NOFOLLOW)
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// Why the disk cache cannot be used; the pipeline then keeps photos in memory only.
enum CacheDirectoryError: Error, CustomStringConvertible {
    case unusable(String, String)

    var description: String {
        switch self {
        case .unusable(let path, let reason): "the image cache \(path) cannot be used (\(reason)); photos are kept in memory only"
        }
    }
}
