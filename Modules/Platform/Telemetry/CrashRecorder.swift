import CCrashShim
import Database
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Fatal signals, recorded without allocating: a descriptor opened at start and a handler that
/// writes one line from a static buffer (the C shim); the next start reads the lines, tracks
/// them as crashes and empties the file.
public struct CrashRecorder: Sendable {
    /// The file the handler appends to (0600, in the user's data directory).
    public let file: URL

    /// A recorder appending to `file`.
    public init(file: URL) {
        self.file = file
    }

    /// Makes the file's private folder if missing, opens the file and installs the handler for this
    /// process. Throws when the folder or the file cannot be made (then nothing is recorded).
    public func install() throws {
        // The first run in a fresh data directory records its crash too: the folder is made first.
        try DatabaseFiles.privateDirectory(file.deletingLastPathComponent())
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // The descriptor stays open for the process's life: the handler writes to it.
        ccrash_shim_install(descriptor)
    }

    /// The signals recorded by earlier runs (at most 100), and empties the file.
    public func collect() -> [Int] {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return [] }
        let data = (try? handle.read(upToCount: 4096)) ?? Data()
        try? handle.close()
        guard !data.isEmpty else { return [] }
        if truncate(file.path, 0) != 0 { unlink(file.path) }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").prefix(100).compactMap { line in
            guard line.hasPrefix("crash "), let signal = Int(line.dropFirst(6)), (1...64).contains(signal) else { return nil }
            return signal
        }
    }

    /// Deletes the file (logout, `--telemetry off`).
    public func delete() {
        unlink(file.path)
    }
}
