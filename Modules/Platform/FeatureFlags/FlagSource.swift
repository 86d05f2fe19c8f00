/// Where a resolved flag value came from, listed from the highest precedence to the lowest.
public enum FlagSource: String, Hashable, Sendable, CaseIterable {
    /// `--enable K` / `--disable K` on the command line.
    case commandLine = "cli"
    /// The `FEED_FLAGS` environment variable.
    case environment = "env"
    /// The server's `GET /v1/flags`.
    case remote
    /// The JSON config file.
    case configFile = "config"
    /// The flag's declared default.
    case defaultValue = "default"
}
