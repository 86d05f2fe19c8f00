import Testing
@testable import Networking

@Suite("HTTPError: sentences and outcomes")
struct HTTPErrorTests {
    @Test(arguments: [
        (HTTPError.invalidURL("\"x\": bad"), "invalid URL \"x\": bad", HTTPError.Outcome.notApplied),
        (.unreachable(host: "h:1", reason: "connection refused; check that the server is running"),
         "cannot reach h:1: connection refused; check that the server is running", .notApplied),
        (.timeout(seconds: 10), "the server did not answer within 10 s", .unknown),
        (.timeout(seconds: 0.5), "the server did not answer within 0.5 s", .unknown),
        (.connectionClosed(host: "h:1"), "the connection to h:1 closed before the whole answer arrived", .unknown),
        (.notHTTP(host: "h:1"), "h:1 did not answer in HTTP; check that the address is the feed server", .unknown),
        (.malformedReply(host: "h:1", reason: "Invalid Content-Length: value"),
         "the answer from h:1 could not be read: Invalid Content-Length: value", .unknown),
        (.bodyTooLarge(limit: 8 << 20), "the server's answer was larger than 8 MB", .unknown),
        (.bodyTooLarge(limit: 20 << 20), "the server's answer was larger than 20 MB", .unknown),
        (.bodyTooLarge(limit: 1536), "the server's answer was larger than 1.5 KB", .unknown),
        (.bodyTooLarge(limit: 100), "the server's answer was larger than 100 bytes", .unknown),
        (.redirectToOtherHost("cdn.example"), "the server redirected to another host (cdn.example); refused", .unknown),
        (.redirectLoop, "the server sent a redirect loop", .unknown),
        (.tooManyRedirects(limit: 5), "the server redirected more than 5 times; refused", .unknown),
        (.status(code: 404, message: nil), "the server answered 404", .refused),
        (.status(code: 429, message: "slow down"), "the server answered 429: slow down", .refused),
        (.status(code: 500, message: "database down"), "the server answered 500: database down", .unknown),
        (.status(code: 503, message: nil), "the server answered 503", .unknown),
        (.retryAfterTooLong(seconds: 120), "the server asked to wait 120 s before trying again", .unknown),
        (.decoding(path: "$.items[1].id", reason: "missing key"), "unexpected reply from the server at $.items[1].id: missing key", .unknown),
        (.cancelled, "the request was cancelled", .unknown),
    ])
    func sentenceAndOutcome(error: HTTPError, sentence: String, outcome: HTTPError.Outcome) {
        #expect(error.description == sentence)
        #expect(!error.description.contains("\n"))
        #expect(error.outcome == outcome)
        #expect(error.isOutcomeUnknown == (outcome == .unknown))
    }

    @Test(arguments: [
        ("plain", "plain"), ("a\nb\r\nc", "a b c"), ("  lead  trail  ", "lead trail"), ("\u{1B}[2Jclear", "[2Jclear"),
        ("bidi\u{202E}txt", "bidi txt"), ("tab\tand\u{0}nul", "tab and nul"), ("\u{2028}line\u{2029}", "line"),
    ])
    func oneLineText(text: String, cleaned: String) {
        #expect(OneLineText.clean(text) == cleaned)
    }

    @Test func oneLineTextIsCut() {
        let cleaned = OneLineText.clean(String(repeating: "é", count: 10_000), limit: 20)
        #expect(cleaned == String(repeating: "é", count: 19) + "…")
    }
}
