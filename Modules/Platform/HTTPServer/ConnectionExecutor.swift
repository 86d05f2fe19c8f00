import Foundation

/// Runs a request's handler task on the connection's own thread while that thread waits for the
/// answer, so a handler never needs the Swift concurrency pool: a busy or blocked pool in the
/// process (a loaded test run, a slow client) cannot delay the server's answers. Jobs that arrive
/// while the thread is not waiting (work the handler left behind) go to the global executor.
final class ConnectionExecutor: TaskExecutor, @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var waiting = false
    private var response: HTTPServerResponse?

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        if waiting {
            jobs.append(job)
            condition.signal()
            condition.unlock()
        } else {
            condition.unlock()
            globalConcurrentExecutor.enqueue(job)
        }
    }

    /// How often a connection whose request is being answered looks whether its client has gone.
    static let peerCheckInterval: Duration = .milliseconds(50)

    /// Starts `handler` in a task that prefers this executor and runs its jobs on the calling
    /// (dedicated, non-cooperative) thread until it answers. Meanwhile `peerGone` is asked every
    /// `peerCheckInterval`; once it says yes the task is cancelled, and its answer (nil) is not wanted.
    func answer(
        _ request: HTTPServerRequest, with handler: @escaping HTTPHandler, peerGone: () -> Bool
    ) -> HTTPServerResponse? {
        condition.lock()
        waiting = true
        response = nil
        condition.unlock()
        let task = Task(executorPreference: self) {
            let answer = await handler(request)
            self.deliver(answer)
        }
        var cancelled = false
        var nextCheck = ContinuousClock.now + Self.peerCheckInterval
        while true {
            condition.lock()
            while jobs.isEmpty && response == nil && ContinuousClock.now < nextCheck {
                _ = condition.wait(until: Date(timeIntervalSinceNow: Self.seconds(nextCheck - .now)))
            }
            if let response {
                waiting = false
                self.response = nil
                let leftover = jobs
                jobs = []
                condition.unlock()
                for job in leftover { globalConcurrentExecutor.enqueue(job) }
                return cancelled ? nil : response
            }
            let job = jobs.isEmpty ? nil : jobs.removeFirst()
            condition.unlock()
            job?.runSynchronously(on: asUnownedTaskExecutor())
            if !cancelled && ContinuousClock.now >= nextCheck {
                nextCheck = .now + Self.peerCheckInterval
                if peerGone() {
                    cancelled = true
                    task.cancel()
                }
            }
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func deliver(_ answer: HTTPServerResponse) {
        condition.lock()
        response = answer
        condition.signal()
        condition.unlock()
    }
}
