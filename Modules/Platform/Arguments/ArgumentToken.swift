/// One token of a command line, as `ArgumentScanner` reads it.
public enum ArgumentToken: Hashable, Sendable {
    /// `--name` or `-n` (for `--name=value` the name; the value follows through `value`).
    case option(String)
    /// An argument that is not an option, or anything after `--`.
    case positional(String)
    /// `-h`, `--help`, or `help` as the first argument.
    case help
}
