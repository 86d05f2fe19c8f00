/// Why the terminal could not be set up or written to.
public struct TerminalError: Error, Equatable, CustomStringConvertible {
    /// One line saying what happened and what to do.
    public let description: String

    init(_ description: String) { self.description = description }

    static func system(_ what: String, _ code: Int32) -> TerminalError {
        TerminalError("\(what) failed (errno \(code)); run feed in an interactive terminal, or pipe its output for one plain frame")
    }
}
