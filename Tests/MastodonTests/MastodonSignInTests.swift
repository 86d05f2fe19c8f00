import FeedInterface
import Foundation
import Networking
import NetworkingTesting
import Testing

@testable import Mastodon

@Suite("signing in to a Mastodon-API server")
struct MastodonSignInTests {
    private let server = URL(string: "https://m.example")!

    @Test("the app is registered with the out-of-band redirect and the two scopes, form-encoded")
    func register() async throws {
        let http = FakeHTTPClient.json(#"{"id":"1","client_id":"c-1","client_secret":"s_2"}"#)
        let app = try await MastodonSignIn(http: http, server: server).registerApp()
        #expect(app == MastodonSignIn.App(clientID: "c-1", clientSecret: "s_2"))
        let request = try #require(await http.requests.first)
        #expect(request.path == "/api/v1/apps" && request.method == .post)
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(String(decoding: request.body ?? Data(), as: UTF8.self)
            == "client_name=feed&redirect_uris=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob&scopes=read%20write%3Afavourites")
    }

    @Test("the authorize address names the app, the scopes, the redirect and a code")
    func authorize() {
        let url = MastodonSignIn(http: FakeHTTPClient.json("{}"), server: server).authorizeURL(MastodonSignIn.App(clientID: "c-1", clientSecret: "s"))
        #expect(url.absoluteString == "https://m.example/oauth/authorize?client_id=c-1&scope=read%20write:favourites&redirect_uri=urn:ietf:wg:oauth:2.0:oob&response_type=code")
    }

    @Test("a pasted code is trimmed and exchanged; one with other characters is refused before any request")
    func code() async throws {
        let http = FakeHTTPClient.json(#"{"access_token":"tok-9","token_type":"Bearer"}"#)
        let signIn = MastodonSignIn(http: http, server: server)
        let app = MastodonSignIn.App(clientID: "c", clientSecret: "s")
        #expect(try await signIn.token(code: "  abc_123\n", app: app) == "tok-9")
        await #expect(throws: FeedError.self) { try await signIn.token(code: "abc; rm -rf", app: app) }
        #expect(await http.requests.count == 1)
        let body = String(decoding: await http.requests[0].body ?? Data(), as: UTF8.self)
        #expect(body.contains("code=abc_123&") && body.contains("grant_type=authorization_code"))
    }

    @Test("a long JWT is a token; a reply without a token, or a hostile one, is no sign-in")
    func badReplies() async throws {
        let app = MastodonSignIn.App(clientID: "c", clientSecret: "s")
        let jwt = String(repeating: "eyJ0eXAiOiJKV1Qi.", count: 60)
        #expect(try await MastodonSignIn(http: FakeHTTPClient.json(#"{"access_token":"\#(jwt)"}"#), server: server).token(code: "c", app: app) == jwt, "a kilobyte JWT (Pixelfed)")
        for reply in [#"{}"#, #"{"access_token":""}"#, #"{"access_token":"a b\u001b[2J"}"#] {
            await #expect(throws: FeedError.self) { try await MastodonSignIn(http: FakeHTTPClient.json(reply), server: server).token(code: "c", app: app) }
        }
        await #expect(throws: FeedError.self) { try await MastodonSignIn(http: FakeHTTPClient.json(#"{"client_id":"c"}"#), server: server).registerApp() }
    }

    @Test("revoking a token the server no longer takes (401, 403) counts as revoked; unreachable does not")
    func revoke() async {
        let app = MastodonSignIn.App(clientID: "c", clientSecret: "s")
        for code in [401, 403] {
            let http = FakeHTTPClient { _ throws(HTTPError) in throw .status(code: code, message: nil) }
            await #expect(throws: Never.self) { try await MastodonSignIn(http: http, server: server).revoke("t", app: app) }
        }
        let down = FakeHTTPClient { _ throws(HTTPError) in throw .unreachable(host: "m401.example", reason: "port 4013 refused") }
        await #expect(throws: FeedError.self) { try await MastodonSignIn(http: down, server: server).revoke("t", app: app) }
        let gateway = FakeHTTPClient { _ throws(HTTPError) in throw .status(code: 502, message: "upstream said 403") }
        await #expect(throws: FeedError.self, "a 502 that mentions 403 is no revoke") {
            try await MastodonSignIn(http: gateway, server: server).revoke("t", app: app)
        }
    }
}
