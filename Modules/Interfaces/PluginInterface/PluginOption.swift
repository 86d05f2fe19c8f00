/// A command-line option a follow-up adds to `feed`, e.g. `--poll-interval MS`: a whole number in
/// a range, one word of a list, or a short line of text.
public struct PluginOption: Hashable, Sendable {
    /// What kind of value the option takes.
    public enum Kind: Hashable, Sendable {
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// One of the words.
        case choice([String])
        /// Text of at most `maxLength` Unicode scalars, without control or format characters.
        case text(maxLength: Int)
    }

    /// The option, with its dashes: `--poll-interval`.
    public let name: String
    /// What the value is, for errors and `--help`: "milliseconds from 1000 to 86400000".
    public let expected: String
    /// The values accepted.
    public let kind: Kind
    /// The value when the option is not given, as written.
    public let defaultText: String
    /// One line for `--help`.
    public let help: String

    /// An integer option in `range`, `defaultValue` when not given.
    public init(name: String, expected: String, range: ClosedRange<Int>, defaultValue: Int, help: String) {
        self.init(name: name, expected: expected, kind: .integer(range), defaultText: String(defaultValue), help: help)
    }

    /// An option of any `kind`, `defaultText` when not given.
    public init(name: String, expected: String, kind: Kind, defaultText: String, help: String) {
        self.name = name
        self.expected = expected
        self.kind = kind
        self.defaultText = defaultText
        self.help = help
    }

    /// The integers accepted (an empty range for an option that is not an integer).
    public var range: ClosedRange<Int> {
        if case .integer(let range) = kind { return range }
        return 0...0
    }

    /// The default as an integer (0 for an option that is not an integer).
    public var defaultValue: Int { Int(defaultText) ?? 0 }

    /// Whether `text` is a value this option accepts.
    public func accepts(_ text: String) -> Bool {
        switch kind {
        case .integer(let range): Int(text).map(range.contains) ?? false
        case .choice(let words): words.contains(text)
        case .text(let maxLength): text.unicodeScalars.count <= maxLength && !text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
        }
    }
}
