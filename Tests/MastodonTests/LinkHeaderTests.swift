import Foundation
import Testing

@testable import Mastodon

@Suite("the Link header Mastodon pages with")
struct LinkHeaderTests {
    @Test("the recorded home timeline's links: next by max_id, prev by min_id")
    func recorded() throws {
        let link = LinkHeader(try RecordedExchange("home_timeline").headers["link"])
        #expect(LinkHeader.parameter("max_id", of: link.next) == "117440826224869303")
        #expect(LinkHeader.parameter("min_id", of: link.previous) == "117440841385040618")
        let author = LinkHeader(try RecordedExchange("account_statuses_page").headers["link"])
        #expect(LinkHeader.parameter("max_id", of: author.next) == "117440825713716397")
        #expect(LinkHeader.parameter("limit", of: author.next) == "5")
    }

    @Test("no header, garbage, another scheme or a header past its bound: no links")
    func hostile() {
        #expect(LinkHeader(nil) == LinkHeader(""))
        #expect(LinkHeader("garbage; rel=next").next == nil)
        #expect(LinkHeader(#"<javascript:alert(1)>; rel="next""#).next == nil)
        #expect(LinkHeader(#"<https://a.example/x?max_id=1>; rel="nofollow""#).next == nil)
        let long = #"<https://a.example/x?max_id=1>; rel="next""# + String(repeating: " ", count: LinkHeader.maxBytes)
        #expect(LinkHeader(long).next == nil)
        #expect(LinkHeader(#"<https://a.example/x?max_id=1>; rel="next prev""#).previous != nil)
    }
}
