import ProcessTesting

extension BuildFlags {
    /// The flags of the `feed` under test, read once per test process; empty when they could not be read.
    public static var current: BuildFlags { (try? currentRead.get()) ?? BuildFlags(flags: []) }
    /// Why `current` could not be read, or `nil` when it was.
    public static var currentProblem: String? {
        if case .failure(let failure) = currentRead { failure.message } else { nil }
    }

    private static let currentRead = Result { () throws(Failure) in try read(feed: FeedProcess.executable) }
}
