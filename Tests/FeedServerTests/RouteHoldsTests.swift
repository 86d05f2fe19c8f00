@testable import FeedServer
import Foundation
import HTTPServer
import Testing
import TestingSupport

/// A test's hold on a route (`holdPhotos`, `holdLikesReads`): requests wait suspended and all go
/// on when it is lifted; a request whose client left stops waiting at once; other routes are free.
@Suite("FeedServer: held routes")
struct RouteHoldsTests {
    @Test("held photos wait until the hold is lifted, then every one of them is answered; pages are not held")
    func liftingTheHoldAnswersEveryWaiter() async throws {
        var faults = FeedServerFaults()
        faults.holdPhotos = true
        let router = FeedRouter(options: FeedServerOptions(faults: faults), log: nil)
        let answered = CallCounter()
        let photos = (1...5).map { index in
            Task {
                let response = await router.handle(HTTPServerRequest(method: "GET", path: "/v1/photos/p\(index).jpg"))
                await answered.increment()
                return response.status
            }
        }
        #expect(await router.handle(HTTPServerRequest(method: "GET", path: "/v1/feed")).status == 200, "a page is not held")
        try #require(await eventually { router.holds.waiting == 5 }, "every photo waits, parked")
        #expect(await answered.value == 0, "no photo is answered while held")

        router.update { $0.holdPhotos = false }
        for photo in photos { #expect(await photo.value == 200) }
        #expect(await answered.value == 5)
        #expect(router.holds.waiting == 0)
    }

    @Test("a held request whose client left stops waiting at once; the hold stays for the others")
    func cancellingAHeldRequestEndsItsWait() async throws {
        let holds = RouteHolds(held: [.likesReads])
        let cancelled = Task { await holds.wait(.likesReads, atMost: .seconds(60)) }
        let other = Task { await holds.wait(.likesReads, atMost: .seconds(60)) }
        cancelled.cancel()
        #expect(await cancelled.value == false, "cancelled: the client went away")
        #expect(await holds.wait(.photos, atMost: .seconds(60)), "a route not held does not wait")

        holds.set([])
        #expect(await other.value, "lifted: it goes on")
    }

    @Test("a hold that is never lifted ends each wait after its limit")
    func aWaitEndsAtItsLimit() async throws {
        let holds = RouteHolds(held: [.photos])
        #expect(await holds.wait(.photos, atMost: .milliseconds(50)))
    }
}
