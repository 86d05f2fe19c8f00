import CCrashShim
import Foundation
import SafeText

#if canImport(Glibc)
    import Glibc
#endif

/// Holds what is written to stderr in a private temporary file while the terminal screen is up,
/// then writes it to the real stderr on `release()`.
public final class StandardErrorHold {
    private var saved: Int32 = -1
    private var file: Int32 = -1
    private var path = ""

    /// Starts holding; if no temporary file can be made, stderr stays as it is.
    public init() {
        // mkstemp replaces the trailing six X's with a unique name.
        let pattern = FileManager.default.temporaryDirectory.path + "/feed-stderr-" + String(repeating: "X", count: 6)
        var template = Array(pattern.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(descriptor, STDERR_FILENO) >= 0 else {
            close(descriptor)
            unlink(path)
            return
        }
        file = descriptor
        // A crash writes what was held to the real stderr, so its backtrace follows the log lines.
        ccrash_shim_set_held_stderr(descriptor, saved)
    }

    /// Puts stderr back and writes what was held to it; safe to call more than once.
    public func release() {
        guard file >= 0 else { return }
        ccrash_shim_clear_held_stderr()
        dup2(saved, STDERR_FILENO)
        close(saved)
        lseek(file, 0, SEEK_SET)
        // Bounded (a run that logged without end prints its first `maxReplayed` bytes), and cleaned:
        // a line may quote a server, and none may reach the terminal with an escape sequence in it.
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var replayed = 0
        var pending: [UInt8] = []
        while replayed < Self.maxReplayed {
            let count = read(file, &buffer, buffer.count)
            guard count > 0 else { break }
            replayed += count
            pending += buffer[..<count]
            if let end = pending.lastIndex(of: 0x0A) {
                Self.write(pending[...end])
                pending.removeSubrange(...end)
            }
        }
        if !pending.isEmpty { Self.write(pending[...]) }
        var info = stat()
        if fstat(file, &info) == 0, Int(info.st_size) > replayed {
            Self.write(Array("feed: \(Int(info.st_size) - replayed) more bytes of log were left out\n".utf8)[...])
        }
        close(file)
        unlink(path)
        file = -1
    }

    /// The most bytes of held log written out at release.
    static let maxReplayed = 1 << 20

    /// Writes held bytes to stderr, each line made safe for the terminal.
    private static func write(_ bytes: ArraySlice<UInt8>) {
        let text = SafeText.lines(String(decoding: bytes, as: UTF8.self), limit: 4_000, maxLines: 100_000)
        var data = Array(text.utf8)
        var offset = 0
        while offset < data.count {
            let count = data.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            offset += count
        }
        data.removeAll()
    }
}
