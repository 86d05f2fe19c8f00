import Foundation
import PluginInterface

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The app's `FileChanges`: each watched file's identity, size and modification time, looked at
/// every `interval` while started (never through a symlink: a link is seen as itself).
@MainActor
public final class PolledFileChanges: FileChanges {
    /// The most files watched at once; a watch past it is refused.
    public static let maxFiles = 64

    private struct Watch {
        let path: String
        let changed: @MainActor () -> Void
        var last: Stamp?
    }

    /// What a look at a file sees; nil when it is not there.
    struct Stamp: Equatable {
        let device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }

    private let interval: Duration
    private var watches: [Watch] = []
    private var poller: Task<Void, Never>?
    /// Started, and not stopped since: the poller runs while something is watched.
    private var running = false

    /// Changes looked for every `interval` (clamped to 50 ms … 60 s) once started.
    public init(interval: Duration = .seconds(1)) {
        self.interval = min(max(interval, .milliseconds(50)), .seconds(60))
    }

    @discardableResult
    public func watch(_ url: URL, changed: @escaping @MainActor () -> Void) -> Bool {
        guard watches.count < Self.maxFiles else { return false }
        watches.append(Watch(path: url.path, changed: changed, last: Self.stamp(url.path)))
        if running { poll() }
        return true
    }

    /// Starts looking every interval, until `stop()`; with nothing watched, nothing wakes until a
    /// file is.
    public func start() {
        running = true
        if !watches.isEmpty { poll() }
    }

    private func poll() {
        guard poller == nil else { return }
        let interval = interval
        poller = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self, !Task.isCancelled else { return }
                self.check()
            }
        }
    }

    /// Stops looking (at shutdown); watches stay and a later `start()` resumes.
    public func stop() {
        running = false
        poller?.cancel()
        poller = nil
    }

    /// Looks at every watched file now and tells each one that changed since the last look.
    public func check() {
        for index in watches.indices {
            let now = Self.stamp(watches[index].path)
            guard now != watches[index].last else { continue }
            watches[index].last = now
            watches[index].changed()
        }
    }

    /// The file at `path` as `lstat` sees it, or nil when there is none.
    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Stamp(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino), size: Int64(info.st_size),
            seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }
}
