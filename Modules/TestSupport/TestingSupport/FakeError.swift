/// An error a fake throws on purpose.
public struct FakeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the fake says went wrong.
    public let message: String

    /// Creates the error.
    public init(message: String = "fake failure") { self.message = message }

    public var description: String { message }
}
