import Foundation

/// The like queue's file could not be opened or cleared: one line saying where, why, and what to do.
public struct OfflineQueueError: Error, CustomStringConvertible {
    /// The message, e.g. `feed: cannot open the like queue at … (Permission denied); …`.
    public let description: String

    /// The queue at `url` could not be opened or rebuilt because of `reason`.
    static func cannotOpen(_ url: URL, reason: String) -> OfflineQueueError {
        OfflineQueueError(
            description: "feed: cannot open the like queue at \(url.path) (\(reason)); "
                + "check that its folder is writable and the disk has space, or remove the file"
        )
    }

    /// The queue at `url` could not be emptied or deleted because of `reason`.
    static func cannotDelete(_ url: URL, reason: String) -> OfflineQueueError {
        OfflineQueueError(description: "feed: cannot delete the like queue at \(url.path) (\(reason)); delete it by hand")
    }
}
