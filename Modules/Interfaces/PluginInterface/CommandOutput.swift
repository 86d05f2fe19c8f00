/// Where a follow-up's subcommand writes: whole lines for stdout and for stderr (the host
/// cleans nothing: a line that holds server or disk text is made safe by the follow-up).
public struct CommandOutput: Sendable {
    /// Writes one line to stdout.
    public let out: @Sendable (String) -> Void
    /// Writes one line to stderr.
    public let err: @Sendable (String) -> Void

    /// Output through `out` and `err`.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }
}
