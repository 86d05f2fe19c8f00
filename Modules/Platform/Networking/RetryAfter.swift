import Foundation

/// Reads a `Retry-After` header: delta-seconds (`120`) or an HTTP-date
/// (`Sun, 06 Nov 1994 08:49:37 GMT`, or the obsolete RFC 850 and asctime forms).
enum RetryAfter {
    /// The whole seconds to wait from `now`, rounded up; `nil` when `value` is neither form.
    /// A date in the past means no wait.
    static func seconds(from value: String, now: Date) -> Int? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if text.allSatisfy(\.isASCIIDigit) {
            return Int(text) ?? Int.max
        }
        guard let date = httpDate(text) else { return nil }
        let interval = date.timeIntervalSince(now)
        return interval <= 0 ? 0 : Int(interval.rounded(.up))
    }

    /// The three date forms HTTP allows, preferred form first.
    private static let dateFormats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",
        "EEEE, dd-MMM-yy HH:mm:ss zzz",
        "EEE MMM d HH:mm:ss yyyy",
    ]

    /// Parses an HTTP-date; a new formatter each call, as this runs rarely and off any actor.
    static func httpDate(_ text: String) -> Date? {
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in dateFormats {
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }
}

extension Character {
    /// Whether this is one of `0`…`9`.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
