/// Formats like counts the same way everywhere: "1 like", "412 likes", "1,204 likes".
public enum LikesText {
    /// The text for `count`, with thousands separated by commas whatever the locale.
    public static func format(_ count: Int) -> String {
        count == 1 ? "1 like" : text(max(0, count), suffix: " likes")
    }

    /// `value` with thousands separated by commas, e.g. "1,204" (or "-1,204").
    public static func grouped(_ value: Int) -> String { text(value, suffix: "") }

    /// Written backwards into one stack buffer: a stream changes thousands of counts a second, and
    /// a text of up to 15 bytes ("12,345,678 likes" is 16) is stored inline, with no allocation.
    private static func text(_ value: Int, suffix: StaticString) -> String {
        // 19 digits, 6 commas, a sign and the suffix.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var start = buffer.count - suffix.utf8CodeUnitCount
            suffix.withUTF8Buffer { _ = UnsafeMutableBufferPointer(rebasing: buffer[start...]).initialize(from: $0) }
            var rest = value.magnitude
            var digits = 0
            repeat {
                if digits > 0, digits % 3 == 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ",")
                }
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                digits += 1
            } while rest > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }
}
