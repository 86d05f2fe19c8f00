import Foundation

/// Reads from a child's pipe the way `FileHandle.availableData` would, but a read that a signal
/// interrupts is read again: `availableData` crashes on `EINTR` (a `try!` in Foundation), and a
/// test process that catches signals gets them.
public enum PipeRead {
    /// What the pipe holds now, up to 64 KB, waiting for at least a byte; empty at its end (or on an error).
    public static func chunk(_ handle: FileHandle) -> Data {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 { return Data(buffer[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return Data()
        }
    }
}
