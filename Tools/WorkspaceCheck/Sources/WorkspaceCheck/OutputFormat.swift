/// How results are printed (`--format`).
enum OutputFormat: String, CaseIterable, Sendable {
    /// Readable text: `file:line: error: [rule] …` with why and fix lines.
    case text
    /// GitHub Actions annotations: `::error file=…,line=…::…`.
    case github
    /// One JSON document.
    case json
}
