import Foundation
import Testing
@testable import Networking

@Suite("Retry-After parsing")
struct RetryAfterTests {
    /// Sun, 06 Nov 1994 08:49:37 GMT.
    let date = Date(timeIntervalSince1970: 784_111_777)

    @Test(arguments: [("0", 0), ("1", 1), ("120", 120), (" 30 ", 30)])
    func deltaSeconds(text: String, seconds: Int) {
        #expect(RetryAfter.seconds(from: text, now: date) == seconds)
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
    ])
    func httpDateForms(text: String) {
        #expect(RetryAfter.seconds(from: text, now: date.addingTimeInterval(-90)) == 90)
    }

    @Test func fractionalRemainderRoundsUp() {
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:37 GMT", now: date.addingTimeInterval(-4.2)) == 5)
    }

    @Test func dateInThePastMeansNoWait() {
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:37 GMT", now: date.addingTimeInterval(60)) == 0)
    }

    @Test(arguments: ["", "soon", "-5", "1.5", "Sun, 32 Nov 1994 08:49:37 GMT"])
    func unreadableValues(text: String) {
        #expect(RetryAfter.seconds(from: text, now: date) == nil)
    }

    @Test func hugeDeltaIsNotLost() {
        #expect(RetryAfter.seconds(from: "99999999999999999999999", now: date) == Int.max)
    }
}
