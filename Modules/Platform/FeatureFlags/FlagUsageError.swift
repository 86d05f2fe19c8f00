/// A command-line flag argument the host must reject, with a one-line message for stderr.
public struct FlagUsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong and what is accepted.
    public let message: String

    /// Creates an error with `message`.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
