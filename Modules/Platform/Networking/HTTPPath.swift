/// Percent-encodes URL paths so that every character is encoded exactly once.
enum HTTPPath {
    /// `/` followed by `segments`, each taken as plain text and fully encoded:
    /// `["v1", "posts", "a/b é", "like"]` → `/v1/posts/a%2Fb%20%C3%A9/like`.
    static func encode(segments: [String]) -> String {
        "/" + segments.map(encode(segment:)).joined(separator: "/")
    }

    /// One segment: only unreserved characters stay; `.` and `..` are encoded so that no URL
    /// layer removes them as dot segments.
    static func encode(segment: String) -> String {
        if segment == "." || segment == ".." {
            return String(repeating: "%2E", count: segment.count)
        }
        var encoded = ""
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                appendEscape(byte, to: &encoded)
            }
        }
        return encoded
    }

    /// A path as written by a caller (`/v1/feed`, `v1/photos/p%C3%A9.jpg`), made sendable:
    /// a leading `/` is added, valid `%XX` escapes are kept as they are, and every character a
    /// path cannot hold (space, `?`, `#`, `%` without two hex digits, non-ASCII…) is encoded.
    static func normalize(_ path: String) -> String {
        let bytes = Array(path.utf8)
        var encoded = bytes.first == UInt8(ascii: "/") ? "" : "/"
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                encoded += String(decoding: bytes[index...(index + 2)], as: UTF8.self)
                index += 3
                continue
            }
            if isUnreserved(byte) || isPathDelimiter(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                appendEscape(byte, to: &encoded)
            }
            index += 1
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `/` and the sub-delimiters, `:` and `@`, which RFC 3986 allows unencoded in a path.
    private static func isPathDelimiter(_ byte: UInt8) -> Bool {
        "/!$&'()*+,;=:@".utf8.contains(byte)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "a")...UInt8(ascii: "f"):
            true
        default:
            false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

    private static func appendEscape(_ byte: UInt8, to text: inout String) {
        text.unicodeScalars.append("%")
        text.unicodeScalars.append(hexDigits[Int(byte >> 4)])
        text.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
    }
}
