import Foundation
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
    }

    /// Puts stderr back and writes what was held to it; safe to call more than once.
    public func release() {
        guard file >= 0 else { return }
        dup2(saved, STDERR_FILENO)
        close(saved)
        lseek(file, 0, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(file, &buffer, buffer.count)
            guard count > 0 else { break }
            _ = buffer.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, count) }
        }
        close(file)
        unlink(path)
        file = -1
    }
}
