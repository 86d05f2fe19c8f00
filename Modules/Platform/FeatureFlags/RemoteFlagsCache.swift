import Foundation
import PrivateFiles

/// The last good remote flags of one server, kept in one small JSON file so the next start can
/// use them without waiting for the network.
///
/// The file is `flags-<hash of the server URL>.json` in `directory` (created 0700 when missing),
/// written 0600 through a temporary file and a rename, and opened without following a symbolic
/// link. A file that is missing says nothing; one that is a link, not a regular file, another
/// user's, over `sizeLimit`, not valid JSON or written for another server is ignored with one
/// diagnostic and replaced by the next successful fetch.
public struct RemoteFlagsCache: Sendable {
    /// The largest cache file read.
    public static let sizeLimit = 65_536
    /// The directory the host chose for it.
    public let directory: URL
    /// The server it belongs to, without credentials or a trailing slash.
    public let server: String

    /// The cache of `server`'s flags in `directory`.
    public init(directory: URL, server: URL) {
        self.directory = directory
        var text = server.absoluteString
        if var components = URLComponents(url: server, resolvingAgainstBaseURL: false) {
            components.user = nil
            components.password = nil
            components.scheme = components.scheme.map { $0.lowercased() }
            components.host = components.host.map { $0.lowercased() }
            text = components.string ?? text
        }
        while text.hasSuffix("/") { text.removeLast() }
        self.server = text
    }

    /// The cache file.
    public var fileURL: URL {
        directory.appendingPathComponent("flags-\(StableHash.of(server)).json")
    }

    /// The format written in every cache file, so a foreign JSON file is recognised.
    private static let format = "feed-remote-flags"

    /// The file's JSON shape.
    private struct Document: Codable {
        let format: String
        let version: Int
        let server: String
        let registry: String
        let etag: String?
        let fetchedAt: Double
        let flags: [String: Bool]
    }

    /// The cached snapshot, or `nil` with a one-line reason when the file cannot be used (and
    /// `nil` with no reason when there is none). Values of flags `registry` does not declare are
    /// dropped; a snapshot written by a build with other flags keeps its values but not its ETag.
    func load(registry: FlagRegistry) -> (snapshot: RemoteFlagsSnapshot?, problem: String?) {
        let data: Data
        switch PrivateFile.contents(named: fileURL.lastPathComponent, in: directory, limit: Self.sizeLimit) {
        case .success(let contents): data = contents
        case .failure(.missing): return (nil, nil)
        case .failure(let error): return (nil, ignored(error.description))
        }
        guard let document = try? JSONDecoder().decode(Document.self, from: data) else {
            let isJSON = (try? JSONSerialization.jsonObject(with: data)) != nil
            return (nil, ignored(isJSON ? "it is not a remote flags cache" : "it is not valid JSON"))
        }
        guard document.format == Self.format, document.version == 1 else {
            return (nil, ignored("it is not a remote flags cache of this version"))
        }
        guard document.server == server else { return (nil, ignored("it was written for another server")) }
        guard document.fetchedAt.isFinite, document.fetchedAt >= 0, document.fetchedAt < 1e11 else {
            return (nil, ignored("its fetch time is not a valid date"))
        }
        var values: [FlagKey: Bool] = [:]
        for (name, isOn) in document.flags {
            let key = FlagKey(name)
            guard let definition = registry.definition(key), !isOn || definition.isBuilt else { continue }
            values[key] = isOn
        }
        let sameRegistry = document.registry == registry.fingerprint
        let snapshot = RemoteFlagsSnapshot(
            values: values, etag: sameRegistry ? document.etag : nil,
            fetchedAt: Date(timeIntervalSince1970: document.fetchedAt), registryFingerprint: registry.fingerprint)
        return (snapshot, nil)
    }

    /// Writes `snapshot` for the next start, replacing whatever is at the file's path.
    func save(_ snapshot: RemoteFlagsSnapshot) throws(PrivateFile.WriteError) {
        let document = Document(
            format: Self.format, version: 1, server: server, registry: snapshot.registryFingerprint,
            etag: snapshot.etag, fetchedAt: snapshot.fetchedAt.timeIntervalSince1970,
            flags: Dictionary(uniqueKeysWithValues: snapshot.values.map { ($0.key.rawValue, $0.value) }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and Booleans always encode.
        let data = (try? encoder.encode(document)) ?? Data()
        try PrivateFile.writeAtomically(data, named: fileURL.lastPathComponent, in: directory)
    }

    /// Deletes the cache file (for logout: a server may target flags at a user); a missing file
    /// is fine, a symbolic link is removed, not its target. Throws the system's reason otherwise.
    public func delete() throws {
        guard unlink(fileURL.path) == 0 || errno == ENOENT else {
            throw PrivateFile.WriteError(action: "delete", path: fileURL.path, code: errno)
        }
    }

    private func ignored(_ reason: String) -> String {
        "remote flags cache \(fileURL.path) ignored: \(reason); it is replaced after the next fetch"
    }
}
