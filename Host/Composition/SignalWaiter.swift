import Dispatch
import Foundation

/// Waits for SIGINT or SIGTERM, so a server can stop cleanly.
enum SignalWaiter {
    static func waitForTermination() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = OnceFlag()
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    if once.claim() { continuation.resume() }
                }
                source.resume()
                Retained.sources.append(source)
            }
        }
    }
}

/// Keeps the signal sources alive for the life of the process.
private enum Retained {
    nonisolated(unsafe) static var sources: [any DispatchSourceSignal] = []
}

/// A flag that is claimed once across threads.
private final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }
}
