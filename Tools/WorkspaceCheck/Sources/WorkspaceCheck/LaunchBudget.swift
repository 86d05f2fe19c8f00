/// The config's `"launch"`: the cold start of the shipping product, as the median ratio of its time
/// to a first answer over a bare start of the same binary, measured side by side in one run.
struct LaunchBudget: Equatable, Sendable {
    /// The product run (`feed`), the file name in the release build directory.
    let product: String
    /// The module the launch path is owned by (`Host`): a regression names it and its team.
    let module: String
    /// The arguments of the measured start; `{dataDir}` becomes a fresh temporary directory.
    let arguments: [String]
    /// What is written to its standard input at start (one line each).
    let input: [String]
    /// The measured start ends at the first standard-output line containing this.
    let marker: String
    /// The arguments of the bare start (`--version`), timed from spawn to exit.
    let bareArguments: [String]
    /// The largest median ratio allowed.
    let ratio: Double
    /// How many starts of each kind, alternating (odd, so the median is one sample).
    let runs: Int
    /// The config line of `"ratio"`.
    let configLine: Int
}
