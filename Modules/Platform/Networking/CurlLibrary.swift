import CCurl

/// libcurl's process-wide set-up.
enum CurlLibrary {
    /// Whether `curl_global_init` succeeded. It runs once, before the first handle is made:
    /// a static is initialised exactly once even when many threads ask at the same time.
    static let isReady: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
}
