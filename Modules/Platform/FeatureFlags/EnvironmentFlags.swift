import Foundation

/// Parses `FEED_FLAGS`: comma-separated keys, `k` or `+k` switches on, `-k` switches off.
enum EnvironmentFlags {
    /// The entries of `value`, in order; blank items are skipped, a bare sign is reported.
    static func parse(_ value: String, diagnostics: inout [String]) -> [(String, Bool)] {
        value.split(separator: ",", omittingEmptySubsequences: false).compactMap { item in
            var text = item.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return nil }
            var isOn = true
            if let sign = text.first, sign == "-" || sign == "+" {
                isOn = sign == "+"
                text = String(text.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard !text.isEmpty else {
                diagnostics.append("\(FlagResolver.environmentVariable): '\(item)' names no flag; ignored")
                return nil
            }
            return (text, isOn)
        }
    }
}
