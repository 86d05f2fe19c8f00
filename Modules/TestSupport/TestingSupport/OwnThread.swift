import Foundation

/// Runs blocking work (a child process, a socket read, a sleep between polls) on a thread of its
/// own, so a test never holds one of the few Swift concurrency threads (two on a 2-core box) that
/// every other test's tasks and servers need: a synchronous test that waits on a child for a
/// minute starves the whole run.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
