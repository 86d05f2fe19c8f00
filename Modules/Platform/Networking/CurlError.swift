import CCurl

/// A failed libcurl transfer: its code, its error text and the socket's errno, if any.
struct CurlError: Error, Equatable, Sendable {
    /// libcurl's result code.
    let code: CURLcode
    /// libcurl's text for this failure (CURLOPT_ERRORBUFFER), or its generic text for the code.
    let message: String
    /// The errno of the last socket call that failed (CURLINFO_OS_ERRNO), 0 when none.
    let osErrno: Int32

    /// A failure with `code`; without a `message`, libcurl's generic text for the code.
    init(code: CURLcode, message: String = "", osErrno: Int32 = 0) {
        self.code = code
        self.message = message.isEmpty ? String(cString: curl_easy_strerror(code)) : message
        self.osErrno = osErrno
    }
}
