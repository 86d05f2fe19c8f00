import Foundation

/// A fresh directory under the system's temporary directory, removed when the test is done.
final class TemporaryDirectory {
    /// The directory's location.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The location of `name` inside the directory.
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}
