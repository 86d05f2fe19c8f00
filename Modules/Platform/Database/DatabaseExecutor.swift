import Foundation

/// A serial executor on a thread of its own, for an actor that owns a `Connection`: SQLite's
/// blocking calls (a busy timeout of seconds, an fsync) never hold the main actor or a thread of
/// the shared concurrency pool. The thread ends when the executor is released.
public final class DatabaseExecutor: SerialExecutor, @unchecked Sendable {
    private let queue = JobQueue()

    /// Starts the executor's thread, named `name` (visible in debuggers and crash logs).
    public init(name: String) {
        let queue = queue
        let thread = Thread { queue.run() }
        thread.name = name
        thread.start()
    }

    deinit {
        queue.finish()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        queue.append(UnownedJob(job), on: asUnownedSerialExecutor())
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    public func isSameExclusiveExecutionContext(other: DatabaseExecutor) -> Bool { self === other }

    /// Jobs waiting for the thread, in order; the thread sleeps while there are none.
    private final class JobQueue: @unchecked Sendable {
        private let condition = NSCondition()
        private var jobs: [(UnownedJob, UnownedSerialExecutor)] = []
        private var finished = false

        func append(_ job: UnownedJob, on executor: UnownedSerialExecutor) {
            condition.lock()
            jobs.append((job, executor))
            condition.signal()
            condition.unlock()
        }

        func finish() {
            condition.lock()
            finished = true
            condition.signal()
            condition.unlock()
        }

        func run() {
            while true {
                condition.lock()
                while jobs.isEmpty && !finished { condition.wait() }
                let batch = jobs
                jobs.removeAll(keepingCapacity: true)
                let done = finished && batch.isEmpty
                condition.unlock()
                if done { return }
                for (job, executor) in batch { job.runSynchronously(on: executor) }
            }
        }
    }
}
