import Testing

@testable import Mastodon

@Suite("a status's HTML as plain text")
struct MastodonHTMLTests {
    @Test("recorded contents: entities decoded, a mention's link as its text", arguments: [
        ("<p>you can&#39;t say that on television</p>", "you can't say that on television"),
        (#"<p><span class="h-card" translate="no"><a href="http://localhost:3000/@mastodonpy_test" class="u-url mention">@<span>mastodonpy_test</span></a></span> todo funny text here</p>"#,
         "@mastodonpy_test todo funny text here"),
    ])
    func recorded(html: String, text: String) {
        #expect(MastodonHTML.plainText(html) == text)
    }

    @Test("paragraphs and <br> are line breaks; an image is its alt (a custom emoji's :shortcode:)")
    func structure() {
        #expect(MastodonHTML.plainText("<p>one<br>two<br/>three</p><p>four</p>") == "one\ntwo\nthree\nfour")
        #expect(MastodonHTML.plainText(#"<p>hi <img src="x.png" alt=":blobcat:" class="emoji"> there</p>"#) == "hi :blobcat: there")
        #expect(MastodonHTML.plainText("&lt;b&gt; &amp;amp; &#x1F600; &#128512; &bogus; &#0; &") == "<b> &amp; 😀 😀 &bogus; &#0; &")
    }

    @Test("broken or endless input: an unclosed tag stays text, and only maxInput bytes are read")
    func hostile() {
        #expect(MastodonHTML.plainText("a < b and c<d") == "a < b and c<d")
        let long = String(repeating: "<p>x</p>", count: 100_000)
        #expect(MastodonHTML.plainText(long).utf8.count <= MastodonHTML.maxInput)
        // Every `<` without a `>` after it is text, found in one pass (this took 43 s when each
        // `<` searched the rest of the text).
        let opens = String(repeating: "<", count: MastodonHTML.maxInput)
        #expect(MastodonHTML.plainText(opens) == opens)
        #expect(MastodonHTML.plainText(opens + "<b>x</b>") == String(repeating: "<", count: MastodonHTML.maxInput))
    }
}
