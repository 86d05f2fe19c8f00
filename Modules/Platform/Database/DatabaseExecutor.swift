import Foundation
import Synchronization

/// A serial executor on a thread of its own, for an actor that owns a `Connection`: SQLite's
/// blocking calls (a busy timeout of seconds, an fsync) never hold the main actor or a thread of
/// the shared concurrency pool. The thread ends when the executor is released.
///
/// A hop is two thread wake-ups (to this thread, and back to the caller's), and on an idle
/// machine each costs tens of microseconds, more than a one-row call itself. So the thread stays
/// awake for `linger` after its last job before it sleeps (a burst of calls finds it awake), and
/// `run` waits up to `spin` for a short call's answer before it suspends (no wake-up back).
public final class DatabaseExecutor: SerialExecutor, @unchecked Sendable {
    /// How long the thread polls for the next job before it sleeps.
    public static let linger: Duration = .microseconds(150)
    /// How long `run` waits, yielding, for an answer before it suspends the caller.
    public static let spin: Duration = .microseconds(300)

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
        queue.append(.job(UnownedJob(job), asUnownedSerialExecutor()))
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    public func isSameExclusiveExecutionContext(other: DatabaseExecutor) -> Bool { self === other }

    /// Whether the caller runs on this executor's thread (inside a job or a `run` body).
    public func isIsolatingCurrentContext() -> Bool? { queue.isCurrentThread }

    public func checkIsolated() {
        precondition(queue.isCurrentThread, "not on the database thread")
    }

    /// Runs `body` on the executor's thread, in order with its jobs (so an actor on this executor
    /// may `assumeIsolated` inside), and returns what it returned. The caller waits up to `spin`
    /// for the answer, then suspends until it comes; a cancelled caller still gets it (the call
    /// is not undone).
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let call = Call<T>()
        // Polled without touching the generic answer, so the wait costs no metadata lookups.
        let answered = call.answered
        queue.append(.call { call.finish(Result(catching: body)) })
        let clock = ContinuousClock()
        let deadline = clock.now + Self.spin
        repeat {
            if answered.isSet, let result = call.result { return try result.get() }
            sched_yield()
        } while clock.now < deadline
        return try await withCheckedThrowingContinuation { continuation in call.wait(continuation) }
    }

    /// One `run` call's answer, handed from the thread to a caller that may be spinning or suspended.
    private final class Call<T: Sendable>: Sendable {
        private enum State {
            case running
            case suspended(CheckedContinuation<T, any Error>)
            case finished(Result<T, any Error>)
        }

        private let state = Mutex(State.running)
        /// Set once the answer is in.
        let answered = Flag()

        /// The answer, once there.
        var result: Result<T, any Error>? {
            state.withLock { state in
                if case .finished(let result) = state { result } else { nil }
            }
        }

        /// Resumes `continuation` with the answer now or once it comes.
        func wait(_ continuation: CheckedContinuation<T, any Error>) {
            let result = state.withLock { state -> Result<T, any Error>? in
                if case .finished(let result) = state { return result }
                state = .suspended(continuation)
                return nil
            }
            if let result { continuation.resume(with: result) }
        }

        /// Called once on the thread with the answer.
        func finish(_ result: Result<T, any Error>) {
            let waiting = state.withLock { state -> CheckedContinuation<T, any Error>? in
                defer { state = .finished(result) }
                if case .suspended(let continuation) = state { return continuation }
                return nil
            }
            answered.set()
            waiting?.resume(with: result)
        }
    }

    /// A flag one thread sets and another polls.
    private final class Flag: Sendable {
        private let value = Atomic(false)

        var isSet: Bool { value.load(ordering: .acquiring) }

        func set() { value.store(true, ordering: .releasing) }
    }

    /// Work waiting for the thread, in order; the thread polls a moment, then sleeps while there is none.
    private final class JobQueue: @unchecked Sendable {
        enum Work {
            case job(UnownedJob, UnownedSerialExecutor)
            case call(@Sendable () -> Void)
        }

        private let condition = NSCondition()
        private var work: [Work] = []
        private var finished = false
        private var sleeping = false
        /// The thread's ID once it runs (0 before): whose calls are isolated to the executor.
        private let threadID = Atomic<UInt>(0)

        /// Whether the caller is the executor's thread.
        var isCurrentThread: Bool { threadID.load(ordering: .acquiring) == UInt(pthread_self()) }

        func append(_ item: Work) {
            condition.lock()
            work.append(item)
            if sleeping { condition.signal() }
            condition.unlock()
        }

        func finish() {
            condition.lock()
            finished = true
            condition.signal()
            condition.unlock()
        }

        func run() {
            threadID.store(UInt(pthread_self()), ordering: .releasing)
            let clock = ContinuousClock()
            while true {
                condition.lock()
                if work.isEmpty && !finished {
                    // Stay awake a moment: the next call of a burst then costs no wake-up.
                    let deadline = clock.now + DatabaseExecutor.linger
                    while work.isEmpty && !finished && clock.now < deadline {
                        condition.unlock()
                        sched_yield()
                        condition.lock()
                    }
                }
                sleeping = true
                while work.isEmpty && !finished { condition.wait() }
                sleeping = false
                let batch = work
                work.removeAll(keepingCapacity: true)
                let done = finished && batch.isEmpty
                condition.unlock()
                if done { return }
                for item in batch {
                    switch item {
                    case .job(let job, let executor): job.runSynchronously(on: executor)
                    case .call(let body): body()
                    }
                }
            }
        }
    }
}
