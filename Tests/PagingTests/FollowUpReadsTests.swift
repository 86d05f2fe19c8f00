import Paging
import Testing

/// The reads that follow a page's rows: in flight until they end, each row waiting for its own.
@MainActor
@Suite struct FollowUpReadsTests {
    @Test func aReadEndsWithItsAnswerAndTheRowsThatWaitedForIt() async {
        let reads = FollowUpReads<Int, String>()
        var ended: [Int] = []
        let task = reads.start([1, 2], read: { "liked" }) { answer, rows in
            #expect(answer == "liked")
            ended = rows
        }
        #expect(!reads.isEmpty)
        #expect(await task.value == "liked")
        #expect(ended == [1, 2])
        #expect(reads.isEmpty)
    }

    @Test func aNewerReadOfARowTakesItOver() async {
        let reads = FollowUpReads<Int, Int>()
        var endedByFirst: [Int]?
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let first = reads.start([1, 2], read: {
            for await value in stream { return value }
            return 0
        }) { _, rows in endedByFirst = rows }
        let second = reads.start([2, 3], read: { 2 }) { _, _ in }
        _ = await second.value
        continuation.yield(1)
        _ = await first.value
        #expect(endedByFirst == [1], "row 2 waits for the newer read")
    }

    @Test func aFailedReadEndsWithNoAnswer() async {
        struct Failure: Error {}
        let reads = FollowUpReads<Int, Int>()
        var heard: Int?? = .none
        let task = reads.start([1], read: { throw Failure() }) { answer, _ in heard = .some(answer) }
        #expect(await task.value == nil)
        #expect(heard == .some(nil))
    }

    @Test func cancelAllEndsEveryReadWithNoAnswerAndNoRows() async {
        let reads = FollowUpReads<Int, Int>()
        var ended: [Int] = [0]
        let task = reads.start([1], read: {
            try await Task.sleep(for: .seconds(60))
            return 1
        }) { answer, rows in
            #expect(answer == nil)
            ended = rows
        }
        reads.cancelAll()
        #expect(await task.value == nil)
        #expect(ended.isEmpty)
        #expect(reads.isEmpty)
    }
}
