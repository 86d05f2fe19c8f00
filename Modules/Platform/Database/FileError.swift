import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file operation on a database's files failed: what, where, the system's reason and what to do.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done, e.g. `create`.
    public let action: String
    /// The file or directory.
    public let url: URL
    /// The system's error number.
    public let code: Int32
    /// What to do about it, when known.
    public let advice: String?

    /// Creates the error.
    public init(action: String, url: URL, code: Int32, advice: String? = nil) {
        self.action = action
        self.url = url
        self.code = code
        self.advice = advice
    }

    public var description: String {
        "cannot \(action) \(url.path): " + (advice ?? String(cString: strerror(code)))
    }
}
