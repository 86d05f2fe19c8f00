/// What one session did and found.
struct SessionResult: Sendable {
    var index: Int
    var flags: FlagSet
    var photos = PhotoAxis.off
    /// Whether the session ran two processes on one data directory.
    var twin = TwinAxis.off
    var api = APIAxis.feed
    /// With photos on: the rows seen in each photo state, the slowest answer (but settles), in
    /// milliseconds, and the highest VmRSS at a settle.
    var photoStates: [String: Int] = [:]
    var slowestAnswerMS = 0
    var maxResidentBytes = 0
    var commands = 0
    /// Facts compared, per invariant.
    var checks: [Invariant: Int] = [:]
    /// Rows compared with the one-like tolerance of an uncertain post.
    var lenient = 0
    var kills = 0
    var downtimes = 0
    var logouts = 0
    var seconds = 0.0
    /// What broke, empty when nothing did; the session stops at its first violation.
    var findings: [Finding] = []
    /// The command number the violation was found at.
    var step = 0
    /// The last commands and events before the violation.
    var log: [String] = []
    /// The history of each post a finding names.
    var trails: [(post: String, lines: [String])] = []
    /// The client's last stderr lines at the violation.
    var stderrTail: [String] = []
    /// The data directory, kept after a violation.
    var keptFiles: String?
    /// Set when the session could not run (not a finding about the feed).
    var environmentError: String?
    /// Every client process of the session.
    var processes: [ProcessMemory] = []

    /// Every fact compared.
    var totalChecks: Int { checks.values.reduce(0, +) }

    /// Counts one comparison of `invariant` made outside the checker.
    mutating func checked(_ invariant: Invariant) { checks[invariant, default: 0] += 1 }
}
