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

    /// Waits until `condition` holds, `false` when `seconds` passed first (polling, never a fixed sleep).
    static func eventually(within seconds: Double = 60, _ condition: () async -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await condition()
    }
}
