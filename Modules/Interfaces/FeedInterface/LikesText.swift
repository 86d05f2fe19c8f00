/// Formats like counts the same way everywhere: "1 like", "412 likes", "1,204 likes".
public enum LikesText {
    /// The text for `count`, with thousands separated by commas whatever the locale.
    public static func format(_ count: Int) -> String {
        let number = grouped(max(0, count))
        return count == 1 ? "1 like" : "\(number) likes"
    }

    /// `value` with thousands separated by commas, e.g. "1,204".
    public static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var out = ""
        out.reserveCapacity(digits.count + digits.count / 3)
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
