/// A status's HTML `content` as plain text: paragraphs and `<br>` as line breaks, links as their
/// text, an image as its `alt` (a custom emoji's `:shortcode:`), entities decoded, every other tag
/// dropped. Bounded: at most `maxInput` bytes are read.
enum MastodonHTML {
    /// The most UTF-8 bytes of HTML read; the rest is ignored.
    static let maxInput = 65_536

    /// The text of `html`, without leading or trailing blank lines.
    static func plainText(_ html: String) -> String {
        var input = Substring(html)
        if html.utf8.count > maxInput {
            input = Substring(String(decoding: html.utf8.prefix(maxInput), as: UTF8.self))
        }
        var out = ""
        var index = input.startIndex
        // Past the last `>`, a `<` opens no tag: looking for one again would make the work grow
        // with the square of the length (a status of 64 KiB of `<`).
        let lastClose = input.lastIndex(of: ">")
        while index < input.endIndex {
            let character = input[index]
            if character == "<", let lastClose, index < lastClose, let close = input[index...].firstIndex(of: ">") {
                out += text(ofTag: input[input.index(after: index)..<close], after: out)
                index = input.index(after: close)
            } else if character == "&", let (decoded, next) = entity(in: input, at: index) {
                out.append(decoded)
                index = next
            } else {
                out.append(character)
                index = input.index(after: index)
            }
        }
        return out.trimmingCharacters(in: .newlines)
    }

    /// What a tag stands for in the text: a line break for `<br>` and between paragraphs, an
    /// image's `alt`, nothing otherwise.
    private static func text(ofTag tag: Substring, after text: String) -> String {
        let isClosing = tag.first == "/"
        let word = (isClosing ? tag.dropFirst() : tag).prefix { $0.isLetter || $0.isNumber }.lowercased()
        switch (isClosing ? "/" : "") + word {
        case "br": return "\n"
        case "/p", "/blockquote", "/li": return text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
        case "img": return attribute("alt", of: tag).map { decoded($0) } ?? ""
        default: return ""
        }
    }

    /// The value of `name="…"` in a tag, if there is one.
    private static func attribute(_ name: String, of tag: Substring) -> Substring? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let value = tag[start.upperBound...]
        return value.firstIndex(of: "\"").map { value[..<$0] }
    }

    /// `text` with its entities decoded.
    private static func decoded(_ text: Substring) -> String {
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "&", let (decoded, next) = entity(in: text, at: index) {
                out.append(decoded)
                index = next
            } else {
                out.append(text[index])
                index = text.index(after: index)
            }
        }
        return out
    }

    /// The entity at `index` (`&amp;`, `&#39;`, `&#x1F600;` …) and where the text goes on; nil
    /// when it is none this knows (the `&` is then kept as it is).
    private static func entity(in text: Substring, at index: Substring.Index) -> (Character, Substring.Index)? {
        let rest = text[text.index(after: index)...].prefix(12)
        guard let semicolon = rest.firstIndex(of: ";") else { return nil }
        let name = rest[..<semicolon]
        let next = text.index(after: semicolon)
        if let named = named[String(name)] { return (named, next) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, let scalar = Unicode.Scalar(value), value != 0 else { return nil }
        return (Character(scalar), next)
    }

    private static let named: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "hellip": "…", "mdash": "—", "ndash": "–",
    ]
}
