import Foundation

/// The permission bits of the file at `url` (e.g. `0o600`), or `nil` when it does not exist.
func fileMode(_ url: URL) -> Int? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
    return (attributes[.posixPermissions] as? NSNumber).map { $0.intValue & 0o777 }
}

/// `url` with `suffix` appended to its file name, e.g. SQLite's `-wal`.
func sidecar(_ url: URL, _ suffix: String) -> URL { URL(fileURLWithPath: url.path + suffix) }

/// The names of the files in `directory`, sorted.
func fileNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}
