import FeedInterface
import LikesInterface
import LikesTesting
import Testing
@testable import Likes

@Suite struct SerialLikePostUseCaseTests {
    @Test func aSingleLikeIsSavedWithTheServersCount() async {
        let likes = FakeLikesRepository(counts: ["p1": 41])
        let useCase = SerialLikePostUseCase(likes: likes)
        #expect(await useCase.setLiked(true, post: "p1") == .saved(LikeResult(liked: true, likeCount: 42)))
        #expect(await likes.writes.map(\.liked) == [true])
    }

    @Test func likeUnlikeLikeDuringOneRequestSendsOnce() async {
        let likes = FakeLikesRepository(counts: ["p1": 10])
        let held = await likes.holdWrite(call: 1)
        let useCase = SerialLikePostUseCase(likes: likes)
        let first = Task { await useCase.setLiked(true, post: "p1") }
        await likes.waitForWrites(1)
        let second = Task { await useCase.setLiked(false, post: "p1") }
        #expect(await first.value == .superseded)
        let third = Task { await useCase.setLiked(true, post: "p1") }
        #expect(await second.value == .superseded)
        await held.open()
        #expect(await third.value == .saved(LikeResult(liked: true, likeCount: 11)))
        #expect(await likes.writes.map(\.liked) == [true])
    }

    @Test func likeThenUnlikeDuringTheRequestSendsOneFollowUpAndEndsUnliked() async {
        let likes = FakeLikesRepository(counts: ["p1": 10])
        let held = await likes.holdWrite(call: 1)
        let useCase = SerialLikePostUseCase(likes: likes)
        let like = Task { await useCase.setLiked(true, post: "p1") }
        await likes.waitForWrites(1)
        let unlike = Task { await useCase.setLiked(false, post: "p1") }
        #expect(await like.value == .superseded)
        await held.open()
        #expect(await unlike.value == .saved(LikeResult(liked: false, likeCount: 10)))
        #expect(await likes.writes.map(\.liked) == [true, false])
        #expect(await likes.state(of: "p1") == LikeResult(liked: false, likeCount: 10))
    }

    @Test func tenTapsDuringOneRequestEndInAtMostOneFollowUp() async {
        let likes = FakeLikesRepository()
        let held = await likes.holdWrite(call: 1)
        let useCase = SerialLikePostUseCase(likes: likes)
        var calls: [Task<LikeOutcome, Never>] = [Task { await useCase.setLiked(true, post: "p9") }]
        await likes.waitForWrites(1)
        for tap in 2...10 {
            let wanted = tap % 2 == 1
            calls.append(Task { await useCase.setLiked(wanted, post: "p9") })
            // Each new call supersedes the one before it, so await that to keep the taps in order.
            #expect(await calls[tap - 2].value == .superseded)
        }
        await held.open()
        #expect(await calls[9].value == .saved(LikeResult(liked: false, likeCount: 0)))
        #expect(await likes.writes.count == 2)
    }

    @Test func aRefusedLikeReportsNoServerStateWhenNothingAnswered() async {
        let likes = FakeLikesRepository()
        await likes.refuse("p2")
        let useCase = SerialLikePostUseCase(likes: likes)
        #expect(await useCase.setLiked(true, post: "p2") == .failed(serverState: nil))
    }

    @Test func aRefusedFollowUpReportsWhatTheFirstRequestSaved() async {
        let likes = FakeLikesRepository(counts: ["p3": 5])
        let held = await likes.holdWrite(call: 1)
        let useCase = SerialLikePostUseCase(likes: likes)
        let like = Task { await useCase.setLiked(true, post: "p3") }
        await likes.waitForWrites(1)
        let unlike = Task { await useCase.setLiked(false, post: "p3") }
        #expect(await like.value == .superseded)
        await likes.refuseWrite(call: 2)
        await held.open()
        #expect(await unlike.value == .failed(serverState: LikeResult(liked: true, likeCount: 6)))
        #expect(await likes.writes.map(\.liked) == [true, false])
    }

    @Test func aCancelledCallerDoesNotCancelTheWrite() async {
        let likes = FakeLikesRepository(counts: ["p4": 1])
        let held = await likes.holdWrite(call: 1)
        let useCase = SerialLikePostUseCase(likes: likes)
        let caller = Task { await useCase.setLiked(true, post: "p4") }
        await likes.waitForWrites(1)
        caller.cancel()
        await held.open()
        _ = await caller.value
        #expect(await likes.state(of: "p4") == LikeResult(liked: true, likeCount: 2))
    }

    @Test func postsAreIndependent() async {
        let likes = FakeLikesRepository()
        let held = await likes.holdWrite(call: 1)
        let useCase = SerialLikePostUseCase(likes: likes)
        let slow = Task { await useCase.setLiked(true, post: "p5") }
        await likes.waitForWrites(1)
        #expect(await useCase.setLiked(true, post: "p6") == .saved(LikeResult(liked: true, likeCount: 1)))
        await held.open()
        #expect(await slow.value == .saved(LikeResult(liked: true, likeCount: 1)))
    }

    @Test func aCancelledCallerStopsWaitingAtOnceAndTheLikeStillLands() async {
        let likes = FakeLikesRepository(counts: ["p1": 10])
        let held = await likes.holdWrite(call: 1)
        let useCase = SerialLikePostUseCase(likes: likes)
        let caller = Task { await useCase.setLiked(true, post: "p1") }
        await likes.waitForWrites(1)
        caller.cancel()
        // The write is still held: the caller returns without it.
        #expect(await caller.value == .superseded)
        await held.open()
        let later = await useCase.setLiked(true, post: "p1")
        #expect(later == .saved(LikeResult(liked: true, likeCount: 11)))
        #expect(await likes.state(of: "p1") == LikeResult(liked: true, likeCount: 11))
    }

    @Test func aCallerCancelledBeforeItAsksDoesNotWaitEither() async {
        let likes = FakeLikesRepository(counts: ["p1": 10])
        let held = await likes.holdWrite(call: 1)
        let useCase = SerialLikePostUseCase(likes: likes)
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await useCase.setLiked(true, post: "p1")
        }
        #expect(await caller.value == .superseded)
        await likes.waitForWrites(1)
        await held.open()
    }
}

/// A server that applies a like and then answers 500: the client reads the like back and ends on
/// the server's truth, without waiting for a refresh.
@Suite struct LostLikeAnswerTests {
    @Test func anAppliedWriteWhoseAnswerWasLostSettlesToTheServersTruth() async {
        let likes = FakeLikesRepository(counts: ["p1": 10])
        await likes.applyThenLose(call: 1)
        let useCase = SerialLikePostUseCase(likes: likes, reread: likes, sleep: { _ in })
        #expect(await useCase.setLiked(true, post: "p1") == .reread(liked: true))
        #expect(await likes.reads == 1)
    }

    @Test func aWriteLostBeforeItWasAppliedReadsBackNotLiked() async {
        let likes = FakeLikesRepository(counts: ["p1": 10])
        await likes.lose(call: 1)
        let useCase = SerialLikePostUseCase(likes: likes, reread: likes, sleep: { _ in })
        #expect(await useCase.setLiked(true, post: "p1") == .reread(liked: false))
    }

    @Test func whenTheReadBackFailsTooTheHeartGoesBackAfterEveryBackoffStep() async {
        let likes = FakeLikesRepository(counts: ["p1": 10])
        await likes.applyThenLose(call: 1)
        await likes.setReadFails(true)
        let waits = WaitLog()
        let useCase = SerialLikePostUseCase(
            likes: likes, reread: likes, backoff: [.zero, .milliseconds(500), .seconds(2)], sleep: { await waits.record($0) })
        #expect(await useCase.setLiked(true, post: "p1") == .failed(serverState: nil))
        #expect(await likes.reads == 3)
        #expect(await waits.all == [.milliseconds(500), .seconds(2)])
    }

    @Test func aRefusalIsNotReadBack() async {
        let likes = FakeLikesRepository(counts: ["p1": 10])
        await likes.refuse("p1")
        let useCase = SerialLikePostUseCase(likes: likes, reread: likes, sleep: { _ in })
        #expect(await useCase.setLiked(true, post: "p1") == .failed(serverState: nil))
        #expect(await likes.reads == 0)
    }
}

/// The waits a use case asked for, in order.
actor WaitLog {
    private(set) var all: [Duration] = []
    func record(_ wait: Duration) { all.append(wait) }
}
