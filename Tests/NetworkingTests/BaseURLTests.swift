import Foundation
import Testing
import Networking

@Suite("BaseURL.parse")
struct BaseURLTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("https://feed.example.com", "https://feed.example.com"),
        ("  http://localhost:8080/  ", "http://localhost:8080"),
        ("https://example.com/api/v2//", "https://example.com/api/v2"),
        ("HTTP://Example.com:80", "HTTP://Example.com:80"),
    ])
    func acceptsServerAddresses(text: String, expected: String) throws {
        #expect(try BaseURL.parse(text).absoluteString == expected)
    }

    @Test(arguments: [
        ("", #"invalid URL "": the server address is empty; give one like http://127.0.0.1:8080"#),
        ("localhost:8080", #"invalid URL "localhost:8080": the address has no scheme; write it as http://localhost:8080"#),
        ("ftp://example.com", #"invalid URL "ftp://example.com": the scheme must be http or https, not ftp"#),
        ("htp:/nowhere", #"invalid URL "htp:/nowhere": the scheme must be http or https, not htp"#),
        ("http:/127.0.0.1:8080", #"invalid URL "http:/127.0.0.1:8080": write the scheme with two slashes, like http://127.0.0.1:8080"#),
        ("127.0.0.1:8080", #"invalid URL "127.0.0.1:8080": the address has no scheme; write it as http://127.0.0.1:8080"#),
        ("http://", #"invalid URL "http://": the address has no host; write it like http://127.0.0.1:8080"#),
        ("http:///feed", #"invalid URL "http:///feed": the address has no host; write it like http://127.0.0.1:8080"#),
        ("http://example.com/?debug=1", #"invalid URL "http://example.com/?debug=1": the address must not have a query (?debug=1)"#),
        ("http://example.com/#top", #"invalid URL "http://example.com/#top": the address must not have a fragment (#top)"#),
        ("http://me:secret@example.com", #"invalid URL "http://me:secret@example.com": the address must not contain a user name or password"#),
        ("http://example.com:0", #"invalid URL "http://example.com:0": the port must be between 1 and 65535"#),
        ("http://exa mple.com", #"invalid URL "http://exa mple.com": not a valid URL; write it like http://127.0.0.1:8080"#),
    ])
    func rejectsWithAReason(text: String, message: String) {
        #expect {
            try BaseURL.parse(text)
        } throws: { error in
            (error as? HTTPError)?.description == message
        }
    }

    @Test func portAboveRangeIsRejected() {
        let error = #expect(throws: HTTPError.self) { try BaseURL.parse("http://example.com:70000") }
        guard case .invalidURL(let reason) = error else {
            Issue.record("expected invalidURL, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix(#""http://example.com:70000": "#))
    }
}
