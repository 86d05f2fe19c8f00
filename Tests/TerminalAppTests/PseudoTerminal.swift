import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal pair: the loop runs on the `replica` as on a real terminal; the test types on
/// the `primary`, and everything the loop writes is drained there on a thread.
final class PseudoTerminal: @unchecked Sendable {
    let primary: Int32
    let replica: Int32
    private let drained = DispatchGroup()

    init() throws {
        // posix_openpt and friends are not in the Glibc module: /dev/ptmx and its two ioctls
        // (TIOCSPTLCK to unlock, TIOCGPTN for the replica's number) are what they do.
        primary = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard primary >= 0, ioctl(primary, UInt(0x4004_5431), &unlock) == 0, ioctl(primary, UInt(0x8004_5430), &number) == 0 else {
            throw POSIXError(.ENODEV)
        }
        // Close-on-exec: a child another test starts meanwhile (a tmux server) must not keep the replica open.
        replica = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard replica >= 0 else { throw POSIXError(.ENODEV) }
        var window = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(replica, UInt(TIOCSWINSZ), &window)
        let primary = primary
        drained.enter()
        Thread { [drained] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while buffer.withUnsafeMutableBytes({ read(primary, $0.baseAddress, $0.count) }) > 0 {}
            drained.leave()
        }.start()
    }

    /// Types `bytes` as keys.
    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
    }

    /// Closes both ends, the primary once the drain has seen the replica go (if it never does, the
    /// primary stays open rather than be closed under the drain's read).
    func close() {
        closeDescriptor(replica)
        if drained.wait(timeout: .now() + 10) == .success { closeDescriptor(primary) }
    }
}

/// The C library's `close`, named apart from `PseudoTerminal.close`.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
