import CCurl
import Foundation
import Synchronization

/// One exchange on a worker's easy handle: what to send, what came back so far, and a flag that
/// aborts it from any thread. libcurl's callbacks reach it through their user-data pointer.
final class CurlTransfer: Sendable {
    /// How the exchange ended.
    enum Result: Sendable {
        /// A whole response with any status that is not a redirect to follow.
        case response(HTTPResponse)
        /// A redirect (3xx with `Location`) whose body was not read.
        case redirect(status: Int, location: String)
        /// The client refused the answer.
        case refused(HTTPError)
        /// libcurl failed; `afterResponse` when the final status line and headers had arrived.
        case failed(CurlError, afterResponse: Bool)
        /// `abort()` ended it.
        case aborted
    }

    /// What is sent.
    let request: CurlRequest
    private let collector: Mutex<ResponseCollector>
    private let abortFlag = Atomic<Bool>(false)
    private let wake = Mutex<(@Sendable () -> Void)?>(nil)

    /// An exchange of `request` that accepts `maxBodyBytes` of decoded body from `host`.
    init(_ request: CurlRequest, maxBodyBytes: Int, host: String) {
        self.request = request
        self.collector = Mutex(ResponseCollector(maxBodyBytes: maxBodyBytes, host: host))
    }

    /// Whether `abort()` was called.
    var isAborted: Bool { abortFlag.load(ordering: .acquiring) }

    /// Ends the exchange as soon as its worker looks: at its next callback or when woken.
    func abort() {
        abortFlag.store(true, ordering: .releasing)
        wake.withLock { $0 }?()
    }

    /// Called by the worker that runs the exchange: `wake` interrupts its wait for the network.
    func attach(wake: @escaping @Sendable () -> Void) {
        self.wake.withLock { $0 = wake }
        if isAborted { wake() }
    }

    /// Called by the worker when the exchange is over.
    func detach() {
        wake.withLock { $0 = nil }
    }

    /// The result for libcurl's final `code` (with its error text and the socket's errno).
    func result(_ code: CURLcode, message: String, osErrno: Int32) -> Result {
        if isAborted { return .aborted }
        return collector.withLock { collector in
            switch collector.ending {
            case .redirect(let status, let location):
                return .redirect(status: status, location: location)
            case .refused(let error):
                return .refused(error)
            case nil:
                break
            }
            let afterResponse = collector.headersComplete
            guard code == CURLE_OK else {
                collector.discardBody()
                return .failed(CurlError(code: code, message: message, osErrno: osErrno), afterResponse: afterResponse)
            }
            guard let status = collector.status, afterResponse else {
                return .failed(CurlError(code: CURLE_WEIRD_SERVER_REPLY, message: "", osErrno: 0), afterResponse: false)
            }
            let response = HTTPResponse(status: status, headers: collector.headerFields, body: collector.body)
            collector.discardBody()
            return .response(response)
        }
    }

    // MARK: libcurl callbacks (on the worker's thread)

    /// CURLOPT_HEADERFUNCTION: one header line.
    static let headerCallback: curl_write_callback = { data, size, count, user in
        let length = size * count
        guard let user, let data else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
        guard !transfer.isAborted else { return 0 }
        let keep = transfer.collector.withLock { $0.header(UnsafeRawBufferPointer(start: data, count: length)) }
        return keep ? length : 0
    }

    /// CURLOPT_WRITEFUNCTION: a piece of the decoded body.
    static let writeCallback: curl_write_callback = { data, size, count, user in
        let length = size * count
        guard let user else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
        guard !transfer.isAborted else { return 0 }
        let keep = transfer.collector.withLock { $0.body(UnsafeRawBufferPointer(start: data, count: length)) }
        return keep ? length : 0
    }

    /// CURLOPT_XFERINFOFUNCTION: non-zero aborts the transfer.
    static let progressCallback: curl_xferinfo_callback = { user, _, _, _, _ in
        guard let user else { return 1 }
        return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().isAborted ? 1 : 0
    }
}
