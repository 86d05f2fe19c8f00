import Foundation
import Synchronization

/// A fresh temporary directory, removed with its contents by `remove()`, its last reference going or the test process exiting.
public final class TemporaryDirectory: Sendable {
    /// The directory's location.
    public let url: URL

    /// Creates `<prefix>-<UUID>`; `prefix` defaults to the calling test target's name (`OfflinePagesTests-…`).
    public init(_ prefix: String? = nil, fileID: String = #fileID) throws {
        // A path of `make`, so it goes at exit too, should the test's work still hold it when the run ends.
        url = Self.make(prefix, fileID: fileID)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// The location of `name` inside the directory.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String { file(name).path }

    /// Removes the directory and everything in it now; nothing when it is gone already.
    public func remove() { try? FileManager.default.removeItem(at: url) }

    private static let made = Mutex<[URL]>([])
    // Children that still run may write after: they are the tests' to end.
    private static let removedAtExit: Void = { atexit { for url in made.withLock({ $0 }) { try? FileManager.default.removeItem(at: url) } } }()

    /// A new temporary path `<prefix>-<UUID>`, not created, removed when the test process exits: for children that outlive their test.
    public static func make(_ prefix: String? = nil, fileID: String = #fileID) -> URL {
        _ = removedAtExit
        let name = prefix ?? String(fileID.prefix { $0 != "/" })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
        made.withLock { $0.append(url) }
        return url
    }
}
