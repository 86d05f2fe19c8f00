/// What a `RemoteFlagsWatcher` publishes when the server switches flags off while the program runs.
public struct LiveFlagsUpdate: Sendable {
    /// The flags in force now: the start's values, less every flag the server has switched off.
    public let flags: ResolvedFlags
    /// The flags switched off just now: stop their follow-ups.
    public let turnedOff: [FlagKey]
    /// Flags the server switches on that stay off until the next start (saved in the cache).
    public let onAtNextStart: [FlagKey]
}
