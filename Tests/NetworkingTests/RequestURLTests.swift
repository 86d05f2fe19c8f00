import Foundation
import Testing
@testable import Networking

@Suite("Request URLs and error bodies")
struct RequestURLTests {
    @Test func joinsBasePathAndQuery() throws {
        let url = try HTTPTransportClient.url(
            base: URL(string: "http://127.0.0.1:8080/api/")!, path: "/v1/feed",
            query: [URLQueryItem(name: "cursor", value: "a+b/c=="), URLQueryItem(name: "limit", value: "20")])
        #expect(url.absoluteString == "http://127.0.0.1:8080/api/v1/feed?cursor=a%2Bb%2Fc%3D%3D&limit=20")
    }

    @Test func encodesPathCharactersAndAddsTheLeadingSlash() throws {
        let url = try HTTPTransportClient.url(base: URL(string: "http://h:1")!, path: "v1/posts/a b?/like", query: [])
        #expect(url.absoluteString == "http://h:1/v1/posts/a%20b%3F/like")
    }

    @Test func queryItemWithoutValue() throws {
        let url = try HTTPTransportClient.url(
            base: URL(string: "http://h:1")!, path: "/x", query: [URLQueryItem(name: "flag", value: nil)])
        #expect(url.absoluteString == "http://h:1/x?flag")
    }

    @Test(arguments: [
        (#"{"error":"bad cursor"}"#, "bad cursor"),
        (#"{"error":"  "}"#, nil),
        (#"{"message":"x"}"#, nil),
        ("not json", nil),
        ("", nil),
    ] as [(String, String?)])
    func errorMessageFromBody(body: String, message: String?) {
        #expect(HTTPTransportClient.errorMessage(in: Data(body.utf8)) == message)
    }
}
