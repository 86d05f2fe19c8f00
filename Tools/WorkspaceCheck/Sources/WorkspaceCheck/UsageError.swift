/// A usage or configuration error: the run cannot check anything (exit code 2).
struct UsageError: Error, Equatable, Sendable {
    /// One line: what happened and what to do.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
