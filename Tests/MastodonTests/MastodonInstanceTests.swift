import Networking
import NetworkingTesting
import Testing

@testable import Mastodon

@Suite("what GET /api/v1/instance says of a server")
struct MastodonInstanceTests {
    @Test("the recorded Mastodon 4.7.3 instance, and what compatible servers name", arguments: [
        (nil, "version 4.7.3"),
        (#"{"title":"pixelfed","version":"3.5.3 (compatible; Pixelfed 0.12.4)"}"#, "Pixelfed 0.12.4"),
        (#"{"title":"a","version":"2.7.2 (compatible; Akkoma 3.13.2)"}"#, "Akkoma 3.13.2"),
        (#"{"title":"gts","version":"0.17.3+git-1a2b3c"}"#, "version 0.17.3+git-1a2b3c"),
    ] as [(String?, String)])
    func software(body: String?, expected: String) async throws {
        let text = try body ?? String(decoding: RecordedExchange("instance_v1").body, as: UTF8.self)
        let instance = try #require(await MastodonInstance.probe(FakeHTTPClient.json(text)))
        #expect(instance.software == expected)
    }

    @Test("a server without the route, or with no version, is no Mastodon-API server")
    func notMastodon() async {
        #expect(await MastodonInstance.probe(FakeHTTPClient.json("{}", status: 404)) == nil)
        #expect(await MastodonInstance.probe(FakeHTTPClient.json(#"{"title":"x"}"#)) == nil)
        let hostile = await MastodonInstance.probe(FakeHTTPClient.json(#"{"title":"\u001b[2Jevil","version":"1\u0007"}"#))
        #expect(hostile?.title.contains("\u{1b}") == false && hostile?.version.contains("\u{7}") == false)
    }
}
