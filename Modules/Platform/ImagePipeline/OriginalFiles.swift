import Foundation
import ImageCodec
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Photos as files of their own, for a viewer outside the terminal. They live in a private
/// directory (0700, a real directory owned by this user) beside the disk cache's entries, each
/// named from its address's hash and its format (`.jpg` or `.png`; any other bytes are refused,
/// so a viewer is never handed something else). A file is written under a temporary name
/// (O_CREAT | O_EXCL | O_NOFOLLOW, 0600) and renamed over its name, so whatever was planted there
/// (a symlink) is replaced, never followed. At most `keep` files stay, the oldest written going
/// first. Callers for an address whose file is being made share that work.
final class OriginalFiles: Sendable {
    private struct Making {
        let id: UInt64
        let task: Task<Result<URL, ImageLoadError>, Never>
    }

    private struct State {
        var making: [URL: Making] = [:]
        var generation = 0
        var lastID: UInt64 = 0
    }

    /// The directory's path; nil when photos are kept in memory only.
    private let path: String?
    private let keep: Int
    private let state = Mutex(State())

    /// Files in `directory` (nil: none can be made), at most `keep` of them.
    init(directory: URL?, keep: Int) {
        path = directory?.path
        self.keep = max(1, keep)
    }

    /// The file of the photo at `url`, whose bytes `fetch` gets. While it is being made, another
    /// call for the same address waits for the same file.
    func file(for url: URL, fetch: @escaping @Sendable () async -> Result<Data, ImageLoadError>) async throws(ImageLoadError) -> URL {
        guard path != nil else { throw .notStored(Self.inMemoryOnly) }
        let key = DiskEntry.key(url)
        let task = state.withLock { state in
            if let making = state.making[key] { return making.task }
            state.lastID += 1
            let (id, generation) = (state.lastID, state.generation)
            let task = Task { await self.make(key, id: id, generation: generation, fetch: fetch) }
            state.making[key] = Making(id: id, task: task)
            return task
        }
        return try await task.value.get()
    }

    /// Deletes every file made (logout); a file being made now is not kept.
    func removeAll() {
        state.withLock { state in
            state.generation += 1
            state.making = [:]
            guard let path, Self.isDirectory(path), let directory = try? CacheDirectory.openOrCreate(path) else { return }
            for listing in directory.list(limit: keep * 4 + 64) where Self.isOurs(listing.name) || listing.name.hasPrefix(".tmp-") {
                directory.remove(listing.name)
            }
        }
    }

    /// The file names made so far, in the directory (tests).
    var names: [String] {
        guard let path, Self.isDirectory(path), let directory = try? CacheDirectory.openOrCreate(path) else { return [] }
        return directory.list(limit: keep * 4 + 64).map(\.name).filter(Self.isOurs).sorted()
    }

    // MARK: - Internals

    private func make(_ url: URL, id: UInt64, generation: Int, fetch: @Sendable () async -> Result<Data, ImageLoadError>) async -> Result<URL, ImageLoadError> {
        let fetched = await fetch()
        return state.withLock { state in
            if state.making[url]?.id == id { state.making[url] = nil }
            guard state.generation == generation else { return .failure(.cancelled) }
            return fetched.flatMap { write($0, for: url) }
        }
    }

    /// Writes `data` as the file of `url`, then lets the oldest files go. Called under the lock, so
    /// `removeAll` cannot interleave and no other write runs.
    private func write(_ data: Data, for url: URL) -> Result<URL, ImageLoadError> {
        guard let path else { return .failure(.notStored(Self.inMemoryOnly)) }
        guard let format = PhotoDecoder.format(of: data) else { return .failure(.undecodable(.unsupportedFormat)) }
        let directory: CacheDirectory
        do {
            directory = try CacheDirectory.openOrCreate(path)
        } catch {
            switch error {
            case .unusable(let place, let reason): return .failure(.notStored("\(place) cannot be used (\(reason))"))
            }
        }
        let name = String(DiskEntry.fileName(for: url).dropLast(4)) + (format == .png ? ".png" : ".jpg")
        var written = directory.replace(name, with: data)
        if !written {
            // A rename replaces a file or a symlink under the name, not a directory: that one goes first.
            directory.remove(name)
            written = directory.replace(name, with: data)
        }
        guard written else { return .failure(.notStored("\(path)/\(name) could not be written")) }
        evict(directory, keeping: name)
        return .success(URL(fileURLWithPath: path, isDirectory: true).appendingPathComponent(name))
    }

    /// Removes the oldest files past `keep`, never `kept`, and temporary files left a minute ago or more (a crash's).
    private func evict(_ directory: CacheDirectory, keeping kept: String) {
        let listings = directory.list(limit: keep * 4 + 64)
        let staleBefore = (Int64(Date().timeIntervalSince1970) - 60) * 1_000_000_000
        for listing in listings where listing.name.hasPrefix(".tmp-") && listing.modified < staleBefore {
            directory.remove(listing.name)
        }
        let ours = listings.filter { Self.isOurs($0.name) && $0.name != kept }.sorted { ($0.modified, $0.name) > ($1.modified, $1.name) }
        for listing in ours.dropFirst(keep - 1) {
            directory.remove(listing.name)
        }
    }

    private static let inMemoryOnly = "photos are kept in memory only (no disk cache)"

    /// Whether `name` has the shape of a file made here: 16 hex digits and `.jpg` or `.png`.
    private static func isOurs(_ name: String) -> Bool {
        name.utf8.count == 20 && (name.hasSuffix(".jpg") || name.hasSuffix(".png"))
            && name.utf8.prefix(16).allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Whether `path` is a directory itself (not a symlink to one).
    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
