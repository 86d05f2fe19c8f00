import CCurl
import CCurlShim
import Foundation

/// Sets up a new easy handle for one exchange. What is not set stays at libcurl's default,
/// which keeps nothing: no cookie engine, no HSTS or alt-svc file, no `.netrc`, no cache.
struct CurlOptions {
    private let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The first option libcurl refused, if any (the exchange must not run then).
    private(set) var failure: CurlError?

    /// Options for `easy`; call `release()` once the exchange is over.
    init(easy: UnsafeMutableRawPointer) {
        self.easy = easy
    }

    /// Sets every option for `request`; the callbacks reach the `CurlTransfer` at `user`, and
    /// libcurl writes its error text into `errorBuffer` (CURL_ERROR_SIZE bytes).
    mutating func apply(_ request: CurlRequest, user: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>) {
        set(ccurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer))
        // Threads and signals: no SIGALRM for DNS timeouts; every deadline is the client's own.
        set(ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
        set(ccurl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        set(ccurl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1))
        // Every encoding libcurl decodes (gzip, deflate, …); the body limit counts decoded bytes.
        set(ccurl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""))
        // Redirects are the attempt's to follow (same origin only), never libcurl's.
        set(ccurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0))
        set(ccurl_easy_setopt_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1))
        set(ccurl_easy_setopt_opensocket_callback(easy, Self.openSocket))
        set(ccurl_easy_setopt_string(easy, CURLOPT_URL, request.url.absoluteString))
        setMethod(request)

        for line in request.headerLines {
            guard let list = curl_slist_append(headerList, line) else {
                set(CURLE_OUT_OF_MEMORY)
                return
            }
            headerList = list
        }
        set(ccurl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList))

        set(ccurl_easy_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION, CurlTransfer.headerCallback))
        set(ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, user))
        set(ccurl_easy_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION, CurlTransfer.writeCallback))
        set(ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, user))
    }

    /// Frees the header list, once the exchange is over.
    mutating func release() {
        curl_slist_free_all(headerList)
        headerList = nil
    }

    private mutating func setMethod(_ request: CurlRequest) {
        switch request.method {
        case "GET":
            set(ccurl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1))
        case "POST", "PUT":
            if request.method != "POST" { set(ccurl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method)) }
            setBody(request.body ?? Data())
        default:
            set(ccurl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method))
            if let body = request.body { setBody(body) }
        }
    }

    /// The body with its length (`Content-Length`), copied by libcurl, so binary data is safe.
    private mutating func setBody(_ body: Data) {
        set(ccurl_easy_setopt_long(easy, CURLOPT_POST, 1))
        set(ccurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        if body.isEmpty {
            set(ccurl_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, ""))
        } else {
            let code = body.withUnsafeBytes { bytes in
                ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
            set(code)
        }
    }

    /// CURLOPT_OPENSOCKETFUNCTION: libcurl's own sockets lack close-on-exec, so a process
    /// started meanwhile (any `Process` of the app, a test's child) would inherit the connection
    /// and keep it open after the client closed it: the server would never see it end.
    static let openSocket: curl_opensocket_callback = { _, _, address in
        guard let address else { return -1 }
        let type = address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue)
        return socket(address.pointee.family, type, address.pointee.protocol)
    }

    private mutating func set(_ code: CURLcode) {
        if code != CURLE_OK, failure == nil { failure = CurlError(code: code) }
    }
}
