import Database
import Foundation
import Testing

/// The database thread: `run` answers short and long calls alike, in order with the actor's jobs,
/// isolated to an actor on the executor.
@Suite struct DatabaseExecutorTests {
    /// An actor on its own database thread, counting calls.
    actor Counter {
        let executor = DatabaseExecutor(name: "test-db")
        private(set) var count = 0

        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

        func increment() -> Int {
            count += 1
            return count
        }

        /// `increment` through `run`, isolated on the thread; waits `milliseconds` there first.
        nonisolated func incrementOnThread(blocking milliseconds: Int = 0) async throws -> Int {
            try await executor.run { [self] in
                if milliseconds > 0 { usleep(useconds_t(milliseconds * 1_000)) }
                return assumeIsolated { $0.increment() }
            }
        }

        nonisolated func failOnThread() async throws {
            try await executor.run { throw CocoaError(.fileNoSuchFile) }
        }
    }

    @Test func aShortCallAnswersIsolatedToTheActor() async throws {
        let counter = Counter()
        #expect(try await counter.incrementOnThread() == 1)
        #expect(await counter.increment() == 2)
    }

    @Test func aCallLongerThanTheSpinSuspendsAndStillAnswers() async throws {
        let counter = Counter()
        // Far beyond `DatabaseExecutor.spin`: the caller suspends and is resumed by the thread.
        #expect(try await counter.incrementOnThread(blocking: 30) == 1)
    }

    @Test func errorsReachTheCaller() async {
        let counter = Counter()
        await #expect(throws: CocoaError.self) { try await counter.failOnThread() }
    }

    @Test func callsAndJobsRunOneAtATimeInOrder() async throws {
        let counter = Counter()
        let answers = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<200 {
                group.addTask { index % 2 == 0 ? try await counter.incrementOnThread() : await counter.increment() }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.sorted() == Array(1...200), "no increment was lost or run twice")
        #expect(await counter.count == 200)
    }

    @Test func theThreadIsIsolatedOnlyInsideItsWork() async throws {
        let counter = Counter()
        #expect(counter.executor.isIsolatingCurrentContext() == false)
        let inside = try await counter.executor.run { [executor = counter.executor] in executor.isIsolatingCurrentContext() }
        #expect(inside == true)
    }
}
