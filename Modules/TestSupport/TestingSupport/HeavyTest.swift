import Testing

/// A heavy test: it starts `feed` processes or tmux panes, or sends thousands of requests. The
/// whole run shares a few slots for heavy tests (`HeavyTestSlots.capacity`), so a plain `swift test`
/// on a 2-core box never starts dozens of them at once: that starved every other test's deadlines
/// (a loopback request "did not answer within 30 s"). A heavy test's own deadlines start once it
/// holds a slot; while it waits it is a suspended task and holds no thread.
public struct HeavyTest: SuiteTrait, TestTrait, TestScoping {
    /// Applies to every test of a suite it marks, nested suites included.
    public var isRecursive: Bool { true }

    /// One scope per test case (each argument of a parameterized test waits for its own slot).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> HeavyTest? {
        testCase == nil ? nil : self
    }

    /// Runs the test case while it holds a heavy slot.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await heavyTestSlots.acquire()
        defer { heavyTestSlots.release() }
        try await function()
    }
}

extension Trait where Self == HeavyTest {
    /// Marks a heavy test or suite: it runs only while it holds one of the run's few heavy slots.
    public static var heavy: Self { HeavyTest() }
}

/// The run's slots for heavy tests, shared by every test target in the process.
let heavyTestSlots = HeavyTestSlots(capacity: HeavyTestSlots.capacity)
