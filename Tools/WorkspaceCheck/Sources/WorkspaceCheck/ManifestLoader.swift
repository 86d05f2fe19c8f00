import Foundation

/// Runs `swift package dump-package` once and reads the result.
struct ManifestLoader: Sendable {
    /// Loads the manifest of the package at `root` (an absolute path).
    static func load(packageRoot root: String) throws(UsageError) -> PackageManifest {
        guard FileManager.default.fileExists(atPath: "\(root)/Package.swift") else {
            throw UsageError("no Package.swift in \(root); run from the package root or pass --package-path DIR")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of our own: `dump-package` then never waits for the lock of a build or
        // test running in the package (the check runs inside `swift test` too).
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("workspace-check-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        process.arguments = ["swift", "package", "--package-path", root, "--scratch-path", scratch, "dump-package"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw UsageError("could not run `swift package dump-package` (\(error.localizedDescription)); put the Swift toolchain on PATH")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let firstError = String(decoding: errorData, as: UTF8.self)
                .split(separator: "\n").first { $0.contains("error") }.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw UsageError("`swift package dump-package` failed in \(root): \(firstError); fix Package.swift so that `swift build` can read it")
        }
        return try PackageManifest.decode(
            dumpPackageJSON: String(decoding: data, as: UTF8.self), root: root,
            fileExists: { FileManager.default.fileExists(atPath: $0) }
        )
    }

    /// Loads a manifest from its text alone (an older revision's `Package.swift`), in a temporary
    /// directory of its own that is removed afterwards.
    static func load(manifestText text: String) throws(UsageError) -> PackageManifest {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("workspace-check-base-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            try text.write(toFile: "\(directory)/Package.swift", atomically: false, encoding: .utf8)
        } catch {
            throw UsageError("could not write the base revision's Package.swift to \(directory) (\(error.localizedDescription))")
        }
        return try load(packageRoot: directory)
    }
}
