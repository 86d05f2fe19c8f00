/// Whether to send colours, following https://no-color.org.
public enum ColorSupport {
    /// `false` when `NO_COLOR` is set to a non-empty value or `TERM` is `dumb`; `true` otherwise.
    public static func isEnabled(environment: [String: String]) -> Bool {
        if let value = environment["NO_COLOR"], !value.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}
