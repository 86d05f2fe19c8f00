/// What a `workspace-check` run printed and how it ended.
public struct CommandOutcome: Equatable, Sendable {
    /// 0 clean, 1 violations, 2 usage or configuration error.
    public let exitCode: Int32
    /// What goes to standard output.
    public let output: String
    /// What goes to standard error.
    public let errorOutput: String
}
