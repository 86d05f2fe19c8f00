/// What a flag is for, which decides how the remote source may change it.
public enum FlagKind: String, Hashable, Sendable {
    /// Gates a feature while it is rolled out; the usual precedence applies.
    case release
    /// Lets the server switch a feature off: a remote `false` wins over every other source.
    case killSwitch = "kill-switch"
}
