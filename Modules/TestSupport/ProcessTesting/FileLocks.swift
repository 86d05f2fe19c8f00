import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX record locks held on a file, read from the kernel's list of every lock (`/proc/locks`,
/// Linux) without opening the file, since closing a descriptor of it would drop this process's locks.
public enum FileLocks {
    /// Whether the kernel lists its locks here (Linux); without the list nothing can be checked.
    public static var isListed: Bool { FileManager.default.isReadableFile(atPath: "/proc/locks") }

    /// The POSIX locks process `pid` (this one by default) holds on the file at `url`, each as
    /// `READ 128 128` (kind, first byte, last byte or `EOF`); empty when none or the file is missing.
    public static func held(on url: URL, by pid: Int32 = getpid()) -> [String] {
        var info = stat()
        guard lstat(url.path, &info) == 0, let list = procLocks() else { return [] }
        return list.split(separator: "\n").compactMap { line in
            // `1: POSIX  ADVISORY  READ 1234 fe:00:5334558 128 128`; a waiter's line has `->` after the number.
            let fields = line.split(separator: " ").filter { $0 != "->" }
            guard fields.count == 8, fields[1] == "POSIX", fields[4] == "\(pid)",
                fields[5].split(separator: ":").last == "\(info.st_ino)"
            else { return nil }
            return "\(fields[3]) \(fields[6]) \(fields[7])"
        }
    }

    /// The whole of `/proc/locks`, read to its end (Foundation reads a file of size 0 only in part).
    private static func procLocks() -> String? {
        let descriptor = open("/proc/locks", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes += chunk[0..<count]
        }
    }
}
