/// Reads a command line one token at a time with the same rules for every program of the
/// workspace: `--opt value` and `--opt=value`, `-h`/`--help`/`help` for help, `--` ends the
/// options, and one wording for every mistake (`ArgumentError`).
public struct ArgumentScanner: Sendable {
    /// How the program is named in error messages, e.g. `feed serve`.
    public let program: String
    private var rest: ArraySlice<String>
    private var current: String?
    private var inlineValue: String?
    private var onlyPositionals = false
    private var readAny = false

    /// Scans `arguments` (without the program name) for `program`.
    public init(_ arguments: [String], program: String) {
        self.rest = arguments[...]
        self.program = program
    }

    /// The next token, or `nil` at the end. A bare `help` is help only as the first token.
    public mutating func next() -> ArgumentToken? {
        current = nil
        inlineValue = nil
        guard let argument = rest.popFirst() else { return nil }
        defer { readAny = true }
        if onlyPositionals { return .positional(argument) }
        if argument == "--" {
            onlyPositionals = true
            return next()
        }
        if argument == "-h" || argument == "--help" || (argument == "help" && !readAny) { return .help }
        guard argument.hasPrefix("-"), argument.count > 1 else { return .positional(argument) }
        if let equals = argument.firstIndex(of: "=") {
            current = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        } else {
            current = argument
        }
        return .option(current ?? argument)
    }

    /// The value of the option just read: `--opt=value` or the next argument. A next argument
    /// that starts with `--` is not taken: the value is missing.
    public mutating func value(expected: String) throws(ArgumentError) -> String {
        let option = current ?? "option"
        if let inlineValue {
            self.inlineValue = nil
            return inlineValue
        }
        guard let next = rest.first, !next.hasPrefix("--") else {
            throw .missingValue(option: option, expected: expected, program: program)
        }
        rest.removeFirst()
        return next
    }

    /// The option just read takes no value; `--opt=value` is a mistake.
    public mutating func noValue() throws(ArgumentError) {
        guard let inlineValue else { return }
        self.inlineValue = nil
        throw .invalidValue(option: current ?? "option", value: inlineValue, expected: "no value", program: program)
    }

    /// The option's value as an integer in `range`.
    public mutating func integer<T: FixedWidthInteger & Sendable>(in range: ClosedRange<T>, expected: String) throws(ArgumentError) -> T {
        let text = try value(expected: expected)
        guard let number = T(text), range.contains(number) else { throw invalid(text, expected: expected) }
        return number
    }

    /// The option's value as a finite number in `range`.
    public mutating func number(in range: ClosedRange<Double>, expected: String) throws(ArgumentError) -> Double {
        let text = try value(expected: expected)
        guard let number = Double(text), number.isFinite, range.contains(number) else { throw invalid(text, expected: expected) }
        return number
    }

    /// The error for a value of the option just read that is not what it accepts.
    public func invalid(_ value: String, expected: String) -> ArgumentError {
        .invalidValue(option: current ?? "option", value: value, expected: expected, program: program)
    }

    /// The error for the option just read when the program does not know it.
    public func unknownOption() -> ArgumentError {
        .unknownOption(current ?? "option", program: program)
    }

    /// The error for `argument` where no positional argument is expected.
    public func unexpected(_ argument: String) -> ArgumentError {
        .unexpectedArgument(argument, program: program)
    }
}
