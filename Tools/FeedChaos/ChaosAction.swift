/// One step of a session's script.
enum ChaosAction: Equatable, Sendable {
    case open
    case see(row: Int)
    case tapBurst(post: String, times: Int)
    case settle
    case refresh
    case retry
    case profile(post: String)
    case back
    case pill
    case hide
    case show
    case state
    case logout
}
