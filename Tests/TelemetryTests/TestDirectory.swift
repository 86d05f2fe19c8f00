import Foundation

/// A private temporary directory, removed when the test ends.
final class TestDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("telemetry-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var queue: URL { url.appendingPathComponent("telemetry.sqlite") }
}
