import CCurl
import CCurlShim
import Foundation
import Synchronization

/// A thread of its own with one libcurl multi handle and one easy handle, running one exchange
/// at a time. Nothing it does waits for another worker: a transfer that never ends holds this
/// thread only. Between exchanges it keeps the easy handle, and with it the open connections
/// (HTTP keep-alive), while its pool keeps it idle.
///
/// `@unchecked Sendable`: the handles are used only on the worker's thread, except
/// `curl_multi_wakeup`, which libcurl allows from any thread and which runs under `state`'s lock
/// so that it never meets a handle being freed.
final class CurlWorker: @unchecked Sendable {
    /// An exchange and whom to tell how it ended.
    struct Job: Sendable {
        let transfer: CurlTransfer
        let completion: @Sendable (CurlTransfer.Result) -> Void
    }

    private struct State {
        var job: Job?
        var shutdown = false
        /// Set once the handles are freed.
        var closed = false
    }

    /// The longest libcurl waits for the network before it looks at the abort flag again
    /// (an abort also wakes it at once).
    private static let pollMilliseconds: Int32 = 1000

    private let multi: UnsafeMutableRawPointer
    private let easy: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)
    private let pool: CurlWorkerPool

    /// A worker for `pool` whose thread is running; nil when libcurl cannot make handles.
    static func start(for pool: CurlWorkerPool) -> CurlWorker? {
        guard CurlLibrary.isReady, let multi = curl_multi_init() else { return nil }
        guard let easy = curl_easy_init() else {
            curl_multi_cleanup(multi)
            return nil
        }
        let worker = CurlWorker(multi: multi, easy: easy, pool: pool)
        let thread = Thread { worker.run() }
        thread.name = "Networking.curl"
        thread.start()
        return worker
    }

    private init(multi: UnsafeMutableRawPointer, easy: UnsafeMutableRawPointer, pool: CurlWorkerPool) {
        self.multi = multi
        self.easy = easy
        self.pool = pool
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        errorBuffer.deallocate()
    }

    /// Hands `job` to the worker, which must be idle.
    func assign(_ job: Job) {
        state.withLock { $0.job = job }
        ready.signal()
    }

    /// Ends an idle worker's thread.
    func shutdown() {
        state.withLock { $0.shutdown = true }
        ready.signal()
    }

    /// Interrupts the worker's wait for the network (an abort flag was set).
    private func wake() {
        state.withLock { state in
            if !state.closed { _ = curl_multi_wakeup(multi) }
        }
    }

    private func run() {
        while true {
            ready.wait()
            let next = state.withLock { state -> Job? in
                defer { state.job = nil }
                return state.shutdown ? nil : state.job
            }
            guard let job = next else { break }
            let result = perform(job.transfer)
            // Back in the pool before the caller hears: its next request finds this worker,
            // and with it the connection just used. A job handed over meanwhile waits in `state`.
            let kept = pool.release(self)
            job.completion(result)
            guard kept else { break }
        }
        state.withLock { state in
            state.closed = true
            curl_easy_cleanup(easy)
            curl_multi_cleanup(multi)
        }
    }

    /// Runs one exchange to its end, its abort or a refusal.
    private func perform(_ transfer: CurlTransfer) -> CurlTransfer.Result {
        if transfer.isAborted { return .aborted }
        curl_easy_reset(easy)
        errorBuffer[0] = 0
        let user = Unmanaged.passUnretained(transfer).toOpaque()
        var options = CurlOptions(easy: easy)
        options.apply(transfer.request, user: user, errorBuffer: errorBuffer)
        defer { options.release() }
        if let failure = options.failure { return .failed(failure, afterResponse: false) }

        transfer.attach { [self] in wake() }
        defer { transfer.detach() }
        guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
            return .failed(CurlError(code: CURLE_FAILED_INIT), afterResponse: false)
        }
        let code = drive(transfer)
        curl_multi_remove_handle(multi, easy)

        var osErrno = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osErrno)
        let message = String(cString: errorBuffer)
        return transfer.result(code, message: message, osErrno: Int32(clamping: osErrno))
    }

    /// Drives the multi handle until the transfer is done or aborted; returns its code.
    private func drive(_ transfer: CurlTransfer) -> CURLcode {
        while true {
            if transfer.isAborted { return CURLE_ABORTED_BY_CALLBACK }
            var running: Int32 = 0
            let performed = curl_multi_perform(multi, &running)
            guard performed == CURLM_OK else { return CURLE_FAILED_INIT }
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                if message.pointee.msg == CURLMSG_DONE { return message.pointee.data.result }
            }
            if running == 0 { return CURLE_GOT_NOTHING }
            if transfer.isAborted { return CURLE_ABORTED_BY_CALLBACK }
            guard curl_multi_poll(multi, nil, 0, Self.pollMilliseconds, nil) == CURLM_OK else { return CURLE_FAILED_INIT }
        }
    }
}
