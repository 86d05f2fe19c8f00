import Foundation
@testable import HTTPServer
import Testing

/// Which connection makes room: the one whose client has waited longest, counted from when its
/// last answer was ready, not from when its thread got back to reading.
@Suite("ConnectionRegistry")
struct ConnectionRegistryTests {
    @Test("answered A then B, B's thread back to reading first: a newcomer evicts A")
    func waitsCountFromTheAnswer() throws {
        let registry = ConnectionRegistry()
        let (a, b, newcomer) = (try socket(), try socket(), try socket())
        #expect(registry.admit(a, limit: 2) == .admitted)
        #expect(registry.admit(b, limit: 2) == .admitted)
        registry.busy(a)
        registry.busy(b)
        registry.answered(a)
        registry.answered(b)
        registry.waiting(b)
        registry.waiting(a)
        #expect(registry.admit(newcomer, limit: 2) == .admittedByEvicting(a))
        #expect(registry.count == 2)
        for fd in [a, b, newcomer] { registry.close(fd) }
        #expect(registry.count == 0)
    }

    @Test("a connection between its answer and its next read is busy: never evicted; all busy is full")
    func answeredIsStillBusy() throws {
        let registry = ConnectionRegistry()
        let (a, newcomer) = (try socket(), try socket())
        #expect(registry.admit(a, limit: 1) == .admitted)
        registry.busy(a)
        registry.answered(a)
        #expect(registry.admit(newcomer, limit: 1) == .full)
        registry.waiting(a)
        #expect(registry.admit(newcomer, limit: 1) == .admittedByEvicting(a))
        for fd in [a, newcomer] { registry.close(fd) }
    }

    /// One end of a fresh socket pair (the other end is closed), a real descriptor to shut down.
    private func socket() throws -> Int32 {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw POSIXError(.EMFILE) }
        Glibc.close(fds[1])
        return fds[0]
    }
}
