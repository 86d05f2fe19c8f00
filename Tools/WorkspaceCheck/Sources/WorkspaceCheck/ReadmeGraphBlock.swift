import Foundation

/// The module graph embedded in a README between `<!-- module-graph:begin -->` and
/// `<!-- module-graph:end -->`, as a ```mermaid block.
struct ReadmeGraphBlock {
    /// The line that opens the block.
    static let beginMarker = "<!-- module-graph:begin -->"
    /// The line that closes the block.
    static let endMarker = "<!-- module-graph:end -->"

    /// Where the markers are in a README.
    struct Location: Equatable, Sendable {
        /// Index (0-based) of the begin marker's line.
        let begin: Int
        /// Index (0-based) of the end marker's line.
        let end: Int
    }

    /// The lines that belong between the markers for `mermaid`.
    static func body(mermaid: String) -> [String] {
        ["```mermaid"] + mermaid.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + ["```"]
    }

    /// Finds the markers; nil when either is missing or they are out of order.
    static func locate(in lines: [String]) -> Location? {
        let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = trimmed.firstIndex(of: beginMarker),
              let end = trimmed[(begin + 1)...].firstIndex(of: endMarker) else { return nil }
        return Location(begin: begin, end: end)
    }

    /// The first line (1-based) where the README's block differs from `expected`, or nil when current.
    static func firstDifference(readme lines: [String], at location: Location, expected: [String]) -> Int? {
        let current = Array(lines[(location.begin + 1)..<location.end])
        for index in 0..<max(current.count, expected.count) {
            let have = index < current.count ? current[index].trimmingCharacters(in: .whitespaces) : nil
            let want = index < expected.count ? expected[index].trimmingCharacters(in: .whitespaces) : nil
            if have != want { return location.begin + 2 + min(index, current.count) }
        }
        return nil
    }

    /// The README with the block replaced by `expected`.
    static func replacing(readme lines: [String], at location: Location, with expected: [String]) -> [String] {
        Array(lines[...location.begin]) + expected + Array(lines[location.end...])
    }
}
