import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLSession configuration that keeps nothing: no HTTP cache, no cookies, no credentials.
enum PrivateSessionConfiguration {
    #if canImport(FoundationNetworking)
    /// On Linux every `URLSessionConfiguration` starts as a copy of `.default`, whose getter
    /// creates `URLCache.shared` with a 20 MB disk cache in
    /// `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<process name>/`, and `.ephemeral` adds a
    /// second `URLCache(diskPath: nil)` that creates the same directory. Installing a memory-only
    /// shared cache first, whose directory cannot be created (`/dev/null` is not a directory),
    /// means no cache directory is ever made. Done once per process, before the first configuration.
    private static let memoryOnlySharedCache: Void = {
        URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null/no-http-cache")
    }()
    #endif

    /// A new configuration with every store off; the client enforces its own deadlines, so
    /// URLSession's limits only back them up.
    static func make() -> URLSessionConfiguration {
        #if canImport(FoundationNetworking)
        _ = memoryOnlySharedCache
        // `.default`, not `.ephemeral`: FoundationNetworking's `.ephemeral` creates the cache
        // directory itself; every store is switched off below either way.
        let configuration = URLSessionConfiguration.default
        #else
        let configuration = URLSessionConfiguration.ephemeral
        #endif
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.urlCredentialStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 600
        configuration.timeoutIntervalForResource = 3600
        return configuration
    }
}
