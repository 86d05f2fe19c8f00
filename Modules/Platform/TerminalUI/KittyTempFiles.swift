import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Photo files for a kitty terminal on this machine to read (`t=t`): written in the temporary
/// directory (`TMPDIR`, else /tmp) under names holding `tty-graphics-protocol`, as the protocol
/// asks of files the terminal deletes once read; created new (never through a link), readable by
/// this user only. Files the terminal has not read are removed by `removeAll()`.
public final class KittyTempFiles: @unchecked Sendable {
    private let directory: String
    /// Tells this instance's files from another's in the same process.
    private let token = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    private let lock = Lock()
    private var written: [String] = []
    private var count = 0

    /// Files in `directory` (the temporary directory by default).
    public init(directory: String? = nil) {
        let temporary = directory ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        self.directory = temporary.hasSuffix("/") && temporary.count > 1 ? String(temporary.dropLast()) : temporary
    }

    deinit { removeAll() }

    /// A new file holding `data`; its path, or nil when it could not be written whole (the caller sends the data in-band).
    public func write(_ data: Data, suffix: String = "png") -> String? {
        let path: String = lock.withLock {
            count += 1
            return "\(directory)/feed-tty-graphics-protocol-\(getpid())-\(token)-\(count).\(suffix)"
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        var ok = true
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let done = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if done < 0, errno == EINTR { continue }
                guard done > 0 else {
                    ok = false
                    return
                }
                offset += done
            }
        }
        close(descriptor)
        guard ok else {
            unlink(path)
            return nil
        }
        lock.withLock {
            written.append(path)
            // The terminal deletes what it read; only the last few can still be waiting.
            if written.count > 256 { unlink(written.removeFirst()) }
        }
        return path
    }

    /// Removes every file written that is still there (the terminal did not read it).
    public func removeAll() {
        let paths = lock.withLock {
            defer { written.removeAll() }
            return written
        }
        for path in paths { unlink(path) }
    }
}
