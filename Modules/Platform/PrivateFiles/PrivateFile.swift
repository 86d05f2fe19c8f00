import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small files read and written defensively: a size limit, no symbolic link followed where the
/// caller says so, a regular file only, and writes that land whole (temporary file + rename). The
/// one home of the flags cache, the config file and stored sign-ins.
public enum PrivateFile {
    /// Why a file could not be read; `description` is the reason, for a one-line message.
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case missing
        case symbolicLink
        case linkedDirectory
        case directory
        case notRegular
        case foreignOwner
        case tooLarge(size: Int, limit: Int)
        case unreadable(String)

        public var description: String {
            switch self {
            case .missing: "it does not exist"
            case .symbolicLink: "it is a symbolic link, which is never followed"
            case .linkedDirectory: "its directory is a symbolic link (or not a directory), which is never followed"
            case .directory: "it is a directory, not a file"
            case .notRegular: "it is not a regular file"
            case .foreignOwner: "it belongs to another user"
            case .tooLarge(let size, let limit): "it is \(size) bytes, over the \(limit)-byte limit"
            case .unreadable(let reason): "it cannot be read (\(reason)); check its permissions"
            }
        }
    }

    /// The mode of files this module writes: the owner alone reads and writes.
    public static let fileMode: mode_t = 0o600
    /// The mode of a directory this module creates.
    public static let directoryMode: mode_t = 0o700

    /// The contents of the file at `path` (symbolic links followed: the user's own file), at most
    /// `limit` bytes, if it is a regular file.
    public static func contents(of path: String, limit: Int) -> Result<Data, ReadError> {
        // O_NONBLOCK: opening a FIFO must not hang; it is refused below as not regular.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(openFailure(errno)) }
        defer { close(descriptor) }
        return read(descriptor, limit: limit, ownedByUs: false)
    }

    /// The contents of `name` in `directory`, at most `limit` bytes, if it is a regular file of
    /// this user; a symbolic link at the directory or the file is refused, never followed.
    public static func contents(named name: String, in directory: URL, limit: Int) -> Result<Data, ReadError> {
        let directoryDescriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard directoryDescriptor >= 0 else {
            let code = errno
            return .failure(code == ELOOP || code == ENOTDIR ? .linkedDirectory : openFailure(code))
        }
        defer { close(directoryDescriptor) }
        let descriptor = openat(directoryDescriptor, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else {
            let code = errno
            return .failure(code == ELOOP ? .symbolicLink : openFailure(code))
        }
        defer { close(descriptor) }
        return read(descriptor, limit: limit, ownedByUs: true)
    }

    private static func openFailure(_ code: Int32) -> ReadError {
        switch code {
        case ENOENT: .missing
        case EISDIR: .directory
        default: .unreadable(String(cString: strerror(code)))
        }
    }

    /// Reads an open file: a regular file only, of this user when `ownedByUs`, at most `limit` bytes.
    private static func read(_ descriptor: Int32, limit: Int, ownedByUs: Bool) -> Result<Data, ReadError> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { return .failure(.directory) }
        guard type == S_IFREG else { return .failure(.notRegular) }
        if ownedByUs, info.st_uid != geteuid() { return .failure(.foreignOwner) }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(size: Int(info.st_size), limit: limit)) }
        // Read at most limit + 1 bytes: a file that grew since fstat is still caught.
        var data = Data(count: limit + 1)
        var total = 0
        let failure: Int32? = data.withUnsafeMutableBytes { buffer in
            while total < buffer.count {
                let count = Foundation.read(descriptor, buffer.baseAddress! + total, buffer.count - total)
                if count == 0 { return nil }
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                total += count
            }
            return nil
        }
        if let failure { return .failure(.unreadable(String(cString: strerror(failure)))) }
        guard total <= limit else { return .failure(.tooLarge(size: total, limit: limit)) }
        return .success(data.prefix(total))
    }

    /// Writes `data` to `name` inside `directory` so that readers see the old file or the new one,
    /// never a mix: a 0600 temporary file beside it, flushed, then renamed over it. The directory
    /// is created 0700 when missing; a symbolic link at the directory or file is never followed
    /// (one at the file's name is replaced, its target untouched).
    public static func writeAtomically(_ data: Data, named name: String, in directory: URL) throws(WriteError) {
        try prepareDirectory(directory)
        let directoryDescriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard directoryDescriptor >= 0 else { throw WriteError(action: "open the directory", path: directory.path, code: errno) }
        defer { close(directoryDescriptor) }
        let temporary = ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = openat(
            directoryDescriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else { throw WriteError(action: "create a file in", path: directory.path, code: errno) }
        var failure: WriteError?
        if fchmod(descriptor, fileMode) != 0 {
            failure = WriteError(action: "set the mode of a file in", path: directory.path, code: errno)
        } else if let code = writeAll(data, to: descriptor) {
            failure = WriteError(action: "write a file in", path: directory.path, code: code)
        } else if fsync(descriptor) != 0 {
            failure = WriteError(action: "flush a file in", path: directory.path, code: errno)
        }
        close(descriptor)
        if failure == nil, renameat(directoryDescriptor, temporary, directoryDescriptor, name) != 0 {
            failure = WriteError(action: "replace", path: directory.appendingPathComponent(name).path, code: errno)
        }
        if let failure {
            unlinkat(directoryDescriptor, temporary, 0)
            throw failure
        }
        fsync(directoryDescriptor)
    }

    /// A write failed: what was being done, where, and the system's reason.
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String

        /// `action` on `path` failed with the system's `code`.
        public init(action: String, path: String, code: Int32) {
            description = "cannot \(action) \(path): \(String(cString: strerror(code)))"
        }

        /// `action` on `path` failed for `reason`.
        public init(action: String, path: String, reason: String) {
            description = "cannot \(action) \(path): \(reason)"
        }
    }

    private static func prepareDirectory(_ directory: URL) throws(WriteError) {
        var info = stat()
        if lstat(directory.path, &info) == 0 { return }
        guard errno == ENOENT else { throw WriteError(action: "look at", path: directory.path, code: errno) }
        let parent = directory.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw WriteError(action: "create", path: parent.path, reason: error.localizedDescription)
        }
        guard mkdir(directory.path, directoryMode) == 0 || errno == EEXIST else {
            throw WriteError(action: "create", path: directory.path, code: errno)
        }
        chmod(directory.path, directoryMode)
    }

    /// Writes every byte of `data`; the errno of a failure, or `nil`.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
    }
}
