extension FeedServerOptions {
    /// Why `feed serve` arguments could not be read; the description is one line naming the option.
    public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// An option the server does not know.
        case unknownOption(String)
        /// An argument that is not an option.
        case unexpectedArgument(String)
        /// An option given without its value.
        case missingValue(option: String, expected: String)
        /// An option whose value is out of range or malformed.
        case invalidValue(option: String, value: String, expected: String)
        /// `--help` or `-h`: the caller should print `FeedServerOptions.usage`.
        case helpRequested

        /// One line saying what went wrong and what to do.
        public var description: String {
            switch self {
            case .unknownOption(let option):
                "unknown option \(option); run `feed serve --help` to see the options"
            case .unexpectedArgument(let argument):
                "unexpected argument \"\(argument)\"; options start with --, run `feed serve --help` to see them"
            case .missingValue(let option, let expected):
                "\(option) needs a value: \(expected)"
            case .invalidValue(let option, let value, let expected):
                "invalid value \"\(value)\" for \(option): expected \(expected)"
            case .helpRequested:
                "help requested; run `feed serve --help`"
            }
        }
    }
}
