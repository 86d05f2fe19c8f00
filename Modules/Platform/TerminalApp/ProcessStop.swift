#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the process as SIGTSTP's default action does (a shell's Ctrl-Z), returning once it runs again.
enum ProcessStop {
    /// Stops the process until SIGCONT. In an orphaned process group, which no shell could continue,
    /// the kernel discards the stop and this returns at once.
    static func stop() {
        // TerminalInput's signal source owns SIGTSTP; it gets its handler back afterwards. The raise
        // must reach this thread unblocked — dispatch's threads block signals — and with the default
        // action, or the pending signal is dropped when the handler comes back.
        var previous = sigaction()
        sigaction(SIGTSTP, nil, &previous)
        var stopSet = sigset_t()
        sigemptyset(&stopSet)
        sigaddset(&stopSet, SIGTSTP)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &stopSet, &mask)
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        sigaction(SIGTSTP, &previous, nil)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
    }
}
