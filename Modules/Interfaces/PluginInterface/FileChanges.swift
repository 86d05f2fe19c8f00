import Foundation

/// Tells this process that a file it shares with other `feed` processes on the same data
/// directory changed (a list, a table): a follow-up watches its shared files and reads them again
/// when told, so what another process wrote shows here without a key press. Its own writes are
/// told too; reading again must be harmless.
@MainActor
public protocol FileChanges: AnyObject {
    /// Calls `changed` on the main actor after each change to `url` (written, replaced, created or
    /// deleted) while the app runs; returns false when no more files can be watched.
    @discardableResult
    func watch(_ url: URL, changed: @escaping @MainActor () -> Void) -> Bool
}
