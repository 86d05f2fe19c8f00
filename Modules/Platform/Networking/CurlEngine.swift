import CCurl
import CCurlShim
import Foundation
import Synchronization

/// A client's libcurl engine: one thread driving one multi handle for every exchange of the
/// client, however many are in flight. At most `Limits.perOrigin` exchanges run (and so
/// connections are open) per origin and `Limits.total` in all; the rest wait in a queue, where a
/// caller's deadline or cancel still ends them at once. Connections live in the multi handle's
/// cache and serve the next exchange to their origin; an exchange whose caller gave up after its
/// request went out reads the rest of a short answer (bounded in bytes and time) instead of
/// closing the connection.
///
/// `@unchecked Sendable`: the multi handle is used only on the engine's thread (see
/// `CurlMultiLoop`), except `curl_multi_wakeup`, which libcurl allows from any thread and which
/// runs under `mailbox`'s lock so that it never meets the handle being freed.
final class CurlEngine: @unchecked Sendable {
    /// An exchange and whom to tell how it ended.
    struct Job: Sendable {
        let transfer: CurlTransfer
        let completion: @Sendable (CurlTransfer.Result) -> Void
    }

    /// How many exchanges run at once, and how much is read to keep a connection.
    struct Limits: Sendable {
        /// The most exchanges (and connections) at once to one origin.
        var perOrigin = 6
        /// The most exchanges (and connections) at once in all.
        var total = 24
        /// The connections of an origin kept for API calls (photos may use the others).
        var reservedForAPICalls = 2
        /// The most body bytes read after the caller gave up, to keep the connection.
        var drainBytes = 256 << 10
        /// The longest the rest of an answer is awaited after the caller gave up.
        var drainTime: Duration = .seconds(3)
    }

    /// What other threads hand to the engine's thread.
    struct Mail {
        var jobs: [Job] = []
        var aborted: [CurlTransfer] = []
        var closing = false
    }

    private struct Mailbox {
        var mail = Mail()
        /// Set once the multi handle is freed.
        var closed = false
    }

    /// The limits this engine applies.
    let limits: Limits
    private let multi: UnsafeMutableRawPointer?
    private let mailbox = Mutex(Mailbox())
    private let active = Atomic<Int>(0)

    /// An engine whose thread is running (an engine without libcurl fails every exchange).
    init(limits: Limits = Limits()) {
        self.limits = limits
        multi = CurlLibrary.isReady ? curl_multi_init() : nil
        guard let multi else { return }
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, limits.perOrigin)
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, limits.total)
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, limits.total)
        let thread = Thread { [self] in run() }
        thread.name = "Networking.curl"
        thread.start()
    }

    /// How many exchanges are waiting, running or winding down (tests check that aborted ones end).
    var activeTransfers: Int { active.load(ordering: .acquiring) }

    /// Runs `transfer`; `completion` gets its result on the engine's thread once libcurl let go of it.
    func start(_ transfer: CurlTransfer, completion: @escaping @Sendable (CurlTransfer.Result) -> Void) {
        active.add(1, ordering: .acquiringAndReleasing)
        let job = Job(transfer: transfer, completion: completion)
        transfer.attach { [weak self] in self?.aborted(transfer) }
        let accepted = multi != nil && mailbox.withLock { mailbox in
            guard !mailbox.mail.closing else { return false }
            mailbox.mail.jobs.append(job)
            return true
        }
        guard accepted else {
            finish(job, .failed(CurlError(code: CURLE_FAILED_INIT, message: "libcurl could not start a transfer"), afterResponse: false))
            return
        }
        wake()
    }

    /// Ends the exchanges under way and the thread (the client is gone).
    func close() {
        mailbox.withLock { $0.mail.closing = true }
        wake()
    }

    /// Takes what other threads handed over (on the engine's thread).
    func takeMail() -> Mail {
        mailbox.withLock { mailbox in
            defer { mailbox.mail = Mail(closing: mailbox.mail.closing) }
            return mailbox.mail
        }
    }

    /// Tells `job`'s caller how it ended (on the engine's thread, or at once when refused).
    func finish(_ job: Job, _ result: CurlTransfer.Result) {
        job.transfer.detach()
        active.subtract(1, ordering: .acquiringAndReleasing)
        job.completion(result)
    }

    private func run() {
        guard let multi else { return }
        var loop = CurlMultiLoop(engine: self, multi: multi)
        loop.run()
        mailbox.withLock { mailbox in
            mailbox.closed = true
            curl_multi_cleanup(multi)
        }
    }

    private func aborted(_ transfer: CurlTransfer) {
        mailbox.withLock { $0.mail.aborted.append(transfer) }
        wake()
    }

    private func wake() {
        mailbox.withLock { mailbox in
            if !mailbox.closed, let multi { _ = curl_multi_wakeup(multi) }
        }
    }
}
