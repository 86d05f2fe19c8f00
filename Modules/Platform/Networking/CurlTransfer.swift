import CCurl
import Foundation
import Synchronization

/// One exchange on the engine's multi handle: what to send, what came back so far, and an
/// abort that any thread may ask for. libcurl's callbacks reach it through their user-data pointer.
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
        /// `abort(keepingConnection:)` ended it.
        case aborted
    }

    /// What is sent.
    let request: CurlRequest
    /// The origin whose connections it uses, `scheme://host:port`.
    let origin: String
    private let collector: Mutex<ResponseCollector>
    /// 0 while it runs, 1 once aborted, 2 once aborted with leave to keep the connection.
    private let abortState = Atomic<UInt8>(0)
    private let onAbort = Mutex<(@Sendable () -> Void)?>(nil)

    /// An exchange of `request` that accepts `maxBodyBytes` of decoded body from `host`.
    init(_ request: CurlRequest, maxBodyBytes: Int, host: String, sink: (@Sendable (UnsafeRawBufferPointer) -> Bool)? = nil) {
        self.request = request
        self.origin = Self.origin(of: request.url)
        self.collector = Mutex(ResponseCollector(maxBodyBytes: maxBodyBytes, host: host, sink: sink))
    }

    /// Whether it was aborted.
    var isAborted: Bool { abortState.load(ordering: .acquiring) != 0 }

    /// Whether the abort allows reading the rest of the answer so its connection stays open.
    var mayKeepConnection: Bool { abortState.load(ordering: .acquiring) == 2 }

    /// Ends the exchange as soon as the engine looks; `keepingConnection` lets the engine read
    /// the rest of a short answer so that its connection serves the next request.
    func abort(keepingConnection: Bool) {
        guard abortState.compareExchange(expected: 0, desired: keepingConnection ? 2 : 1, ordering: .acquiringAndReleasing).exchanged else { return }
        onAbort.withLock { $0 }?()
    }

    /// Called by the engine that runs the exchange: `handler` tells it of an abort.
    func attach(onAbort handler: @escaping @Sendable () -> Void) {
        onAbort.withLock { $0 = handler }
        if isAborted { handler() }
    }

    /// Called by the engine when the exchange is over.
    func detach() {
        onAbort.withLock { $0 = nil }
    }

    /// Whether the final response's status line and headers have arrived.
    var headersComplete: Bool { collector.withLock { $0.headersComplete } }

    /// Reads the rest of the answer without keeping it, at most `maxBytes` of body.
    func drain(upTo maxBytes: Int) {
        collector.withLock { $0.drain(upTo: maxBytes) }
    }

    /// `http://127.0.0.1:8080`: the scheme, host and port (the scheme's default when absent).
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\((url.host ?? "").lowercased()):\(port)"
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

    // MARK: libcurl callbacks (on the engine's thread)

    /// CURLOPT_HEADERFUNCTION: one header line.
    static let headerCallback: curl_write_callback = { data, size, count, user in
        let length = size * count
        guard let user, let data else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
        let keep = transfer.collector.withLock { $0.header(UnsafeRawBufferPointer(start: data, count: length)) }
        return keep ? length : 0
    }

    /// CURLOPT_WRITEFUNCTION: a piece of the decoded body.
    static let writeCallback: curl_write_callback = { data, size, count, user in
        let length = size * count
        guard let user else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
        let keep = transfer.collector.withLock { $0.body(UnsafeRawBufferPointer(start: data, count: length)) }
        return keep ? length : 0
    }
}
