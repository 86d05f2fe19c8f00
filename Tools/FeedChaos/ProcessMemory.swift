/// The memory of one `feed` process of a session.
struct ProcessMemory: Sendable {
    /// Commands the process answered before it was killed or quit.
    var commands = 0
    /// VmRSS at its first settled state.
    var firstSettled: Int?
    /// VmRSS when it had answered 1,000 commands.
    var atThousand: Int?

    /// How much it grew from its first settled state to 1,000 commands; nil if it did not get there.
    var growth: Int? {
        guard let firstSettled, let atThousand else { return nil }
        return atThousand - firstSettled
    }
}
