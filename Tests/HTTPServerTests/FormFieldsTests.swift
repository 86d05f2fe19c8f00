import Foundation
import HTTPServer
import Testing

@Suite("a request's form fields")
struct FormFieldsTests {
    @Test("fields are decoded, + is a space, the first of a repeated name wins, a pair without = is skipped")
    func decoded() {
        let request = HTTPServerRequest(method: "POST", path: "/oauth/token", body: Data("a=1&b=x%20y+z&a=2&junk&c=%3A%2F".utf8))
        #expect(request.formFields == ["a": "1", "b": "x y z", "c": ":/"])
    }

    @Test("only the first 8 KiB are read")
    func bounded() {
        let body = "a=1&" + String(repeating: "x", count: 10_000) + "&b=2"
        #expect(HTTPServerRequest(method: "POST", path: "/", body: Data(body.utf8)).formFields == ["a": "1"])
    }
}
