/// The properties every session checks, numbered as in docs/chaos.md.
enum Invariant: Int, CaseIterable, Sendable, CustomStringConvertible {
    case noDuplicates = 1
    case heartsMatchServer = 2
    case likesReachServer = 3
    case savedPagesSurvive = 4
    case screensAgree = 5
    case answersInTime = 6
    case logoutForgets = 7
    case memoryBounded = 8
    case photosBehave = 9
    case readerKeepsRows = 10
    case placeKept = 11

    /// What the invariant says, in one line.
    var summary: String {
        switch self {
        case .noDuplicates: "no duplicate post IDs on any screen"
        case .heartsMatchServer: "every settled heart and count equals the server's"
        case .likesReachServer: "acknowledged likes reach the server with the last wanted state; failed ones roll back"
        case .savedPagesSurvive: "after a SIGKILL the saved pages pass integrity_check and show at once on the next start"
        case .screensAgree: "both screens agree on every post they both show"
        case .answersInTime: "no crash but our SIGKILL; every command answers within its deadline"
        case .logoutForgets: "after logout nothing of the user remains on disk or on screen"
        case .memoryBounded: "the client's memory after 1,000 commands is within 10 MiB of its first settled state"
        case .photosBehave: "with photos on (hostile ones among them): answers within 5 s, VmRSS under 200 MB at settles, known photo states"
        case .readerKeepsRows: "no row the reader sees is removed while the reader is below the top"
        case .placeKept: "a SIGKILL while the reader rests on a post: the relaunch opens at that post"
        }
    }

    var description: String { "invariant \(rawValue) (\(summary))" }
}
