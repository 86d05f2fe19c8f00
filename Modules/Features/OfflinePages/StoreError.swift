import Foundation

/// The offline cache could not be opened: one line saying where, why, and what to do.
public struct StoreError: Error, CustomStringConvertible {
    /// The message, e.g. `feed: cannot open the offline cache at … (Permission denied); …`.
    public let description: String

    /// The cache at `url` could not be opened or rebuilt because of `reason`.
    static func cannotOpen(_ url: URL, reason: String) -> StoreError {
        StoreError(
            description: "feed: cannot open the offline cache at \(url.path) (\(reason)); "
                + "check that its folder is writable and the disk has space, or remove the file"
        )
    }
}
