import Foundation
import Synchronization

/// Encoded photos on disk in least-recently-used order under a byte and a file cap. There is no
/// separate index to corrupt: the files are the index (name = URL hash, modification time = last
/// use), rebuilt at the first use from one bounded directory listing. A file that does not parse
/// is deleted when met; leftovers of a crash (temporary files) are deleted at start.
final class DiskImageCache: Sendable {
    private struct State {
        var directory: CacheDirectory?
        var opened = false
        var problem: String?
        var index = LRUIndex<String, Void>()
        var generation = 0
        /// The last use time handed out, in nanoseconds: strictly increasing, so the order of
        /// modification times is the LRU order even when uses fall in one clock tick.
        var lastStamp: Int64 = 0

        mutating func nextStamp() -> Int64 {
            let now = Int64(Date().timeIntervalSince1970 * 1e6) * 1000
            lastStamp = max(now, lastStamp + 1000)
            return lastStamp
        }
    }

    private let path: String
    let limitBytes: Int
    private let entryLimit: Int
    /// The largest file read back: the photo limit plus the metadata.
    private let maxFileBytes: Int
    private let state = Mutex(State())

    init(directory: URL, limitBytes: Int, entryLimit: Int, maxPhotoBytes: Int) {
        self.path = directory.path
        self.limitBytes = limitBytes
        self.entryLimit = entryLimit
        self.maxFileBytes = maxPhotoBytes + DiskEntry.maxHeaderBytes + 12
    }

    /// The stored entry for `url`, marked as used; nil when absent or unreadable.
    func entry(for url: URL) -> DiskEntry? {
        let name = DiskEntry.fileName(for: url)
        let found: (CacheDirectory, Int64)? = state.withLock { state in
            guard let directory = Self.opened(&state, path: path, limits: limits), state.index.value(for: name) != nil else { return nil }
            return (directory, state.nextStamp())
        }
        guard let (directory, stamp) = found else { return nil }
        guard let data = directory.contents(of: name, maxBytes: maxFileBytes), let entry = DiskEntry(decoding: data) else {
            remove(name: name)
            return nil
        }
        // Another address with the same hash owns the file: a miss, and the file stays.
        guard entry.url == DiskEntry.key(url) else { return nil }
        directory.touch(name, at: stamp)
        return entry
    }

    /// Bumped by `removeAll()`; a store begun before it is dropped.
    var generation: Int { state.withLock { $0.generation } }

    /// Writes `entry`, then evicts the least recently used files until both caps hold.
    func store(_ entry: DiskEntry, generation: Int) {
        guard let data = entry.encoded(), data.count <= limitBytes, data.count <= maxFileBytes else { return }
        let name = DiskEntry.fileName(for: entry.url)
        state.withLock { state in
            guard state.generation == generation, let directory = Self.opened(&state, path: path, limits: limits) else { return }
            // Written under the lock so removeAll cannot interleave; photos are small.
            guard directory.replace(name, with: data) else { return }
            directory.touch(name, at: state.nextStamp())
            state.index.insert((), for: name, cost: data.count)
            Self.evict(&state, directory: directory, limits: limits)
        }
    }

    /// Deletes the file for `url` (a photo that would not decode).
    func remove(_ url: URL) {
        remove(name: DiskEntry.fileName(for: url))
    }

    /// Deletes every photo file and temporary file in the directory.
    func removeAll() {
        state.withLock { state in
            state.generation += 1
            state.index.removeAll()
            guard let directory = Self.opened(&state, path: path, limits: limits) else { return }
            for listing in directory.list(limit: Self.listingLimit(limits)) where Self.isOurs(listing.name) {
                directory.remove(listing.name)
            }
        }
    }

    /// Bytes and files held now, and why the cache is off if it is.
    var usage: (bytes: Int, count: Int, problem: String?) {
        state.withLock { ($0.index.totalCost, $0.index.count, $0.problem) }
    }

    /// The names in least-recently-used order (tests).
    var namesOldestFirst: [String] {
        state.withLock { $0.index.keysOldestFirst }
    }

    // MARK: - Internals

    private struct Limits {
        let bytes: Int
        let entries: Int
    }

    private var limits: Limits { Limits(bytes: limitBytes, entries: entryLimit) }

    private func remove(name: String) {
        state.withLock { state in
            state.index.remove(name)
            state.directory?.remove(name)
        }
    }

    /// The open directory, opening it and loading the index at the first call; nil when unusable.
    private static func opened(_ state: inout State, path: String, limits: Limits) -> CacheDirectory? {
        if state.opened { return state.directory }
        state.opened = true
        do {
            let directory = try CacheDirectory.openOrCreate(path)
            state.directory = directory
            load(&state, directory: directory, limits: limits)
            return directory
        } catch {
            state.problem = error.description
            return nil
        }
    }

    /// Builds the index from one listing, bounded in length: oldest use first.
    private static func load(_ state: inout State, directory: CacheDirectory, limits: Limits) {
        var entries: [CacheDirectory.Listing] = []
        for listing in directory.list(limit: listingLimit(limits)) {
            // An entry larger than the whole cache is not one we wrote (nor one to keep): sizes stay summable.
            if DiskEntry.isEntryName(listing.name), listing.isRegularFile, listing.size > 0, listing.size <= limits.bytes {
                entries.append(listing)
            } else if isOurs(listing.name) {
                // A crash's temporary file, an empty file, or a symlink or directory under our name.
                directory.remove(listing.name)
            }
        }
        entries.sort { ($0.modified, $0.name) < ($1.modified, $1.name) }
        for listing in entries {
            state.index.insert((), for: listing.name, cost: listing.size)
        }
        state.lastStamp = entries.last?.modified ?? 0
        evict(&state, directory: directory, limits: limits)
    }

    private static func evict(_ state: inout State, directory: CacheDirectory, limits: Limits) {
        while state.index.totalCost > limits.bytes || state.index.count > limits.entries,
              let oldest = state.index.removeOldest() {
            directory.remove(oldest.key)
        }
    }

    /// A directory holding more names than this is not read further at start.
    private static func listingLimit(_ limits: Limits) -> Int { limits.entries * 2 + 64 }

    private static func isOurs(_ name: String) -> Bool {
        DiskEntry.isEntryName(name) || name.hasPrefix(".tmp-")
    }
}
