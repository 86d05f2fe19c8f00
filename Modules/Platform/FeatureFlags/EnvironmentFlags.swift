import Foundation

/// Parses `FEED_FLAGS`: comma-separated keys, `k` or `+k` switches on, `-k` switches off.
enum EnvironmentFlags {
    /// The entries of `value`, in order; blank items are skipped, bare signs are reported in one line.
    static func parse(_ value: String, diagnostics: inout [String]) -> [(String, Bool)] {
        var bare: [String] = []
        let entries = value.split(separator: ",", omittingEmptySubsequences: false).compactMap { item -> (String, Bool)? in
            var text = item.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return nil }
            var isOn = true
            if let sign = text.first, sign == "-" || sign == "+" {
                isOn = sign == "+"
                text = String(text.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard !text.isEmpty else {
                bare.append(String(item))
                return nil
            }
            return (text, isOn)
        }
        if bare.count == 1 {
            diagnostics.append("\(FlagResolver.environmentVariable): \(FlagMessages.quoted(bare[0])) names no flag; ignored")
        } else if !bare.isEmpty {
            diagnostics.append(
                "\(FlagResolver.environmentVariable): \(bare.count) items name no flag (\(FlagMessages.list(bare))); ignored")
        }
        return entries
    }
}
