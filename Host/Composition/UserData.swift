import Database
import Foundation
import PluginInterface

#if canImport(Glibc)
    import Glibc
#endif

/// Everything stored on disk for one user of one server, and the one way to delete it.
/// One file per server and user, in a private directory, so two accounts or servers never mix.
struct UserData {
    /// Where the user's files live: `--data-dir`, else `$XDG_CACHE_HOME/feed`, else `~/.cache/feed`.
    let directory: URL
    /// Where what only this device holds lives (likes not yet sent): `--data-dir`, else
    /// `$XDG_STATE_HOME/feed`, else `~/.local/state/feed`. Clearing caches never touches it.
    let stateDirectory: URL
    /// The server (`nil` = the embedded one, whose port changes every run).
    private(set) var server: URL?
    /// The user's name (`--user`).
    let user: String
    /// The API the server is read through: the files of the Mastodon API never mix with the feed
    /// API's (their posts are named differently), even on one server.
    private(set) var api: ServerAPI

    init(_ options: HostOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        directory = Self.directory(dataDir: options.dataDir, environment: environment)
        stateDirectory = Self.stateDirectory(dataDir: options.dataDir, environment: environment)
        flagsCache = Self.directory(dataDir: nil, environment: environment).appendingPathComponent("flags", isDirectory: true)
        server = options.server
        user = options.user
        api = options.api == .mastodon ? .mastodon : .feed
    }

    /// Where the follow-ups keep their files: one per kind, user and server.
    var pluginFiles: PluginFiles {
        let named = self
        return PluginFiles(
            directory: directory, owner: owner, name: { kind, suffix in named.file(kind: kind, extension: suffix) },
            state: { kind, suffix in named.file(kind: kind, extension: suffix, in: named.stateDirectory) })
    }

    /// The folder of the last remote flags, one file per server: the machine's cache folder
    /// (`$XDG_CACHE_HOME/feed/flags`), never `--data-dir`, which holds only the follow-ups' files.
    let flagsCache: URL

    /// The photo cache's folder (photos are not personal, but a logout empties it too).
    var photoCache: URL { directory.appendingPathComponent("images", isDirectory: true) }

    /// Deletes everything stored for the user: the photos and `files`, the follow-ups' databases.
    /// Databases in `open` are cleared by their owners (deleting a file under an open connection
    /// would lose nothing but leave SQLite confused): only the copies moved aside next to them are
    /// deleted here. Plain file work, no feature code.
    func delete(files: [URL], keepingOpen open: Set<URL> = []) throws(FileError) {
        try deleteFolder(photoCache)
        for database in files {
            if open.contains(database) {
                try DatabaseFiles.deleteMovedAside(database)
            } else {
                try DatabaseFiles.delete(database)
            }
        }
    }

    /// Deletes one of our folders with everything in it, never following a link (a link is removed
    /// itself) and at most `depth` folders deep.
    func deleteFolder(_ folder: URL, depth: Int = 8) throws(FileError) {
        var info = stat()
        guard lstat(folder.path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            guard unlink(folder.path) == 0 || errno == ENOENT else { throw FileError(action: "remove", url: folder, code: errno) }
            return
        }
        guard depth > 0 else { throw FileError(action: "remove", url: folder, code: ELOOP) }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            try deleteFolder(folder.appendingPathComponent(name), depth: depth - 1)
        }
        guard rmdir(folder.path) == 0 || errno == ENOENT else { throw FileError(action: "remove", url: folder, code: errno) }
    }

    /// Who this data belongs to, for messages: "demo on the embedded server".
    var owner: String {
        "\(user) on \(server?.absoluteString ?? "the embedded server")"
    }

    static func stateDirectory(dataDir: URL?, environment: [String: String]) -> URL {
        if let dataDir { return dataDir }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent("feed", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/state/feed", isDirectory: true)
    }

    static func directory(dataDir: URL?, environment: [String: String]) -> URL {
        if let dataDir { return dataDir }
        if let cache = environment["XDG_CACHE_HOME"], !cache.isEmpty {
            return URL(fileURLWithPath: cache, isDirectory: true).appendingPathComponent("feed", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/feed", isDirectory: true)
    }

    /// The same user's data on `server` (`nil`: the embedded one).
    func on(_ server: URL?) -> UserData {
        var other = self
        other.server = server
        return other
    }

    /// The same user's data on the same server, read through `api` (logout deletes both).
    func speaking(_ api: ServerAPI) -> UserData {
        var other = self
        other.api = api
        return other
    }

    /// The servers this user has a file of `kind` for, found by name in the data folder and each
    /// confirmed by the name's hash (the embedded server, or an `http`/`https` server without a
    /// path), so another user's files never match; sorted by name, at most `limit`.
    func servers(withFile kind: String, extension suffix: String, limit: Int = 64) -> [URL?] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var found: [URL?] = []
        for name in names.sorted() where found.count < limit && name.hasPrefix("\(kind)-") && name.hasSuffix(".\(suffix)") {
            let middle = name.dropFirst(kind.count + 1).dropLast(suffix.count + 1)
            guard let lastDash = middle.lastIndex(of: "-") else { continue }
            let readable = middle[..<lastDash]
            for candidate in Self.candidates(readable) where on(candidate).file(kind: kind, extension: suffix).lastPathComponent == name {
                found.append(candidate)
                break
            }
        }
        return found
    }

    /// The servers a file name's readable part (`127.0.0.1-8080-demo`) may stand for.
    private static func candidates(_ readable: Substring) -> [URL?] {
        var parts = readable.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        var hosts: [String] = []
        // The user's name may hold dashes too: try every split of host(-port) and user.
        while parts.count >= 2 {
            parts.removeLast()
            hosts.append(parts.joined(separator: "-"))
        }
        var urls: [URL?] = []
        for host in hosts {
            if host == "embedded" { urls.append(nil) }
            var options = [host]
            if let dash = host.lastIndex(of: "-"), let port = UInt16(host[host.index(after: dash)...]) {
                options.append("\(host[..<dash]):\(port)")
            }
            for option in options {
                for scheme in ["http", "https"] {
                    for text in ["\(scheme)://\(option)", "\(scheme)://\(option)/"] {
                        if let url = URL(string: text), url.host != nil { urls.append(url) }
                    }
                }
            }
        }
        return urls
    }

    /// A file of `kind` for this user and server: a readable name plus a hash of the exact pair.
    private func file(kind: String, extension suffix: String, in folder: URL? = nil) -> URL {
        let serverKey = server.map { url in
            "\(url.scheme ?? "http")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")\(url.path)"
        } ?? "embedded"
        let readable = "\(server?.host ?? "embedded")\(server?.port.map { "-\($0)" } ?? "")-\(user)"
        let safe = String(readable.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }.prefix(60))
        // The feed API's names are as they always were; the Mastodon API's hash names the API too.
        let hash = String(Self.fnv1a("\(serverKey)\n\(user)" + (api == .mastodon ? "\nmastodon" : "")), radix: 16)
        return (folder ?? directory).appendingPathComponent("\(kind)-\(safe)-\(hash).\(suffix)")
    }

    /// FNV-1a, 64 bits: stable across runs and machines, unlike `Hasher`.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
