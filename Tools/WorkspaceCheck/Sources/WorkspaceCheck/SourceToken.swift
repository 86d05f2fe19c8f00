/// One token of Swift source, as far as the checker needs to see it: comments are gone, and a
/// string literal is a single token whatever it contains.
struct SourceToken: Equatable, Sendable {
    /// What kind of token this is.
    enum Kind: Equatable, Sendable {
        /// An identifier or keyword; backticks are removed (`escaped` says they were there).
        case identifier
        /// A number literal.
        case number
        /// A string literal; `text` holds its contents when it has no interpolation.
        case string
        /// `@name`: an attribute; `text` is the name without `@`.
        case attribute
        /// `#if`, `#elseif`, `#else` or `#endif` as the first token of a line; `text` is the
        /// directive without `#`.
        case directive
        /// `#name` that is not a conditional-compilation directive (`#available`, `#warning`).
        case poundKeyword
        /// A single punctuation character: ( ) [ ] { } , ; : .
        case punctuation
        /// An operator such as `!`, `&&`, `->`, `>=`.
        case `operator`
        /// A regular expression literal (`#/…/#`).
        case regex
    }

    /// The token's kind.
    let kind: Kind
    /// The token's text (see `Kind` for what it holds per kind).
    let text: String
    /// The 1-based line the token starts on.
    let line: Int
    /// The 1-based line the token ends on (differs from `line` for multi-line strings).
    let endLine: Int
    /// Whether this is the first token on its line.
    let isFirstOnLine: Bool
    /// Whether an identifier was written in backticks.
    let isEscaped: Bool

    /// Whether this token is the identifier or keyword `word`.
    func isWord(_ word: String) -> Bool {
        kind == .identifier && !isEscaped && text == word
    }

    /// Whether this token is the punctuation or operator `symbol`.
    func isSymbol(_ symbol: String) -> Bool {
        (kind == .punctuation || kind == .operator) && text == symbol
    }
}
