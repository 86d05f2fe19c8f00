import CCurl
import CCurlShim
import Foundation

/// One exchange on an easy handle of its own, added to the engine's multi handle; used on the
/// engine's thread only. The multi handle's connection cache outlives it, so the next exchange
/// to the same origin reuses its connection; the loop keeps a few spare easy handles.
final class CurlExchange {
    /// The exchange and whom to tell how it ended.
    let job: CurlEngine.Job
    /// Its origin in the engine's queue.
    let origin: String
    /// The easy handle (the key libcurl's messages name).
    let easy: UnsafeMutableRawPointer
    /// When a drained answer must be over (the caller gave up); nil while the caller waits.
    var drainDeadline: ContinuousClock.Instant?
    private var options: CurlOptions
    private let errorBuffer: UnsafeMutablePointer<CChar>

    /// The exchange of `job` set up on `spare` (reset) or a new easy handle, or why libcurl refused it.
    static func make(_ job: CurlEngine.Job, origin: String, spare: UnsafeMutableRawPointer?) -> Result<CurlExchange, CurlError> {
        if let spare { curl_easy_reset(spare) }
        guard let easy = spare ?? curl_easy_init() else { return .failure(CurlError(code: CURLE_FAILED_INIT)) }
        let exchange = CurlExchange(job: job, origin: origin, easy: easy)
        let user = Unmanaged.passUnretained(job.transfer).toOpaque()
        exchange.options.apply(job.transfer.request, user: user, errorBuffer: exchange.errorBuffer)
        if let failure = exchange.options.failure {
            curl_easy_cleanup(exchange.release())
            return .failure(failure)
        }
        return .success(exchange)
    }

    private init(job: CurlEngine.Job, origin: String, easy: UnsafeMutableRawPointer) {
        self.job = job
        self.origin = origin
        self.easy = easy
        options = CurlOptions(easy: easy)
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    /// How the exchange ended with libcurl's `code` (after it left the multi handle).
    func result(_ code: CURLcode) -> CurlTransfer.Result {
        var osErrno = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osErrno)
        return job.transfer.result(code, message: String(cString: errorBuffer), osErrno: Int32(clamping: osErrno))
    }

    /// Whether reading the rest of the answer, at most `maxBytes` of it, may save its connection:
    /// the request went out and the answer is either still to come or short and of known length.
    /// An exchange still connecting has no connection worth saving; one with a long or unbounded
    /// body left costs more to read than a new connection.
    func mayDrain(maxBytes: Int) -> Bool {
        guard info(CURLINFO_PRETRANSFER_TIME_T) > 0 else { return false }
        guard job.transfer.headersComplete else { return true }
        let length = info(CURLINFO_CONTENT_LENGTH_DOWNLOAD_T)
        guard length >= 0 else { return false }
        return length - info(CURLINFO_SIZE_DOWNLOAD_T) <= maxBytes
    }

    /// Frees what the exchange holds and returns its easy handle, which must have left the multi
    /// handle, to be reused or cleaned up.
    func release() -> UnsafeMutableRawPointer {
        options.release()
        errorBuffer.deallocate()
        return easy
    }

    private func info(_ item: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        guard ccurl_easy_getinfo_off_t(easy, item, &value) == CURLE_OK else { return -1 }
        return Int64(value)
    }
}
