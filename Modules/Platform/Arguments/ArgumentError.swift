/// A command-line mistake: one line that says what was typed wrong and where help is; exit 2.
public struct ArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line to print after the program's name.
    public let message: String

    /// A mistake described by `message`, already worded.
    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// An option the program does not know.
    public static func unknownOption(_ option: String, program: String) -> ArgumentError {
        ArgumentError("unknown option '\(option)'; see `\(program) --help`")
    }

    /// An argument where none (or no more) is expected.
    public static func unexpectedArgument(_ argument: String, program: String) -> ArgumentError {
        ArgumentError("unexpected argument '\(argument)'; see `\(program) --help`")
    }

    /// An option given without its value.
    public static func missingValue(option: String, expected: String, program: String) -> ArgumentError {
        ArgumentError("\(option) needs a value: \(expected); see `\(program) --help`")
    }

    /// An option whose value is out of range or malformed.
    public static func invalidValue(option: String, value: String, expected: String, program: String) -> ArgumentError {
        ArgumentError("invalid value '\(value)' for \(option): expected \(expected); see `\(program) --help`")
    }
}
