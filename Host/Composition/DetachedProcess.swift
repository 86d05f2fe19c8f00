import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program started apart from the terminal and from feed's own signal settings (a photo
/// viewer): a session of its own, so it has no controlling terminal to draw over the screen with
/// and gets none of the terminal's signals; stdin, stdout and stderr on /dev/null and no other
/// descriptor; every signal at its default action and none blocked (feed ignores SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH and SIGPIPE, which a child would otherwise keep ignoring).
/// A thread of its own waits for it and reaps it whenever it ends, so it never stays a zombie and
/// nobody has to wait for it.
///
/// Not Foundation's `Process`: on Linux it leaves ignored signals ignored in the child, and it
/// reaps a child only once every process that inherited its status socket has ended — a viewer
/// that xdg-open started kept xdg-open a zombie for as long as the viewer ran.
final class DetachedProcess: Sendable {
    /// How the process ended.
    enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// Why the process could not be started: `posix_spawn`'s error.
    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    private struct State {
        var ending: Ending?
        var waiters: [UInt64: CheckedContinuation<Ending?, Never>] = [:]
        var lastWaiter: UInt64 = 0
    }

    /// The process's ID.
    let pid: pid_t
    private let state = Mutex(State())

    private init(pid: pid_t) {
        self.pid = pid
    }

    /// Starts `executable` (an absolute path; no `PATH` lookup) with `arguments` (the first is its
    /// name) and `environment`, and its reaper.
    static func spawn(_ executable: String, arguments: [String], environment: [String: String]) throws(SpawnError) -> DetachedProcess {
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        var defaults = sigset_t()
        sigfillset(&defaults)
        var blocked = sigset_t()
        sigemptyset(&blocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &blocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | setSID))
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Every descriptor from 3 up closed in the child, also those another thread opens while this
        // runs (glibc 2.34's closefrom action, looked up: Swift's Glibc does not show it); else those open now.
        if let closeFrom = Self.closeFromAction {
            _ = closeFrom(&actions, 3)
        } else {
            for descriptor in openDescriptors() where descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid = pid_t()
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else { throw SpawnError(code: code) }
        let process = DetachedProcess(pid: pid)
        let reaper = Thread { [pid] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 {
                guard errno == EINTR else { return }
            }
            process.ended(status)
        }
        reaper.name = "viewer-reaper"
        reaper.stackSize = 256 << 10
        reaper.start()
        return process
    }

    /// How it ended, if it ends within `timeout`; `nil` while it still runs then.
    func ending(within timeout: Duration) async -> Ending? {
        await withCheckedContinuation { continuation in
            let (ended, id): (Ending?, UInt64) = state.withLock { state in
                if let ending = state.ending { return (ending, 0) }
                state.lastWaiter += 1
                state.waiters[state.lastWaiter] = continuation
                return (nil, state.lastWaiter)
            }
            if let ended {
                continuation.resume(returning: ended)
                return
            }
            Task {
                try? await Task.sleep(for: timeout)
                self.state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
            }
        }
    }

    /// Whether it has ended and been reaped.
    var hasEnded: Bool { state.withLock { $0.ending != nil } }

    private func ended(_ status: Int32) {
        let ending: Ending = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
        let waiters = state.withLock { state in
            state.ending = ending
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: ending) }
    }

    /// `POSIX_SPAWN_SETSID`: a new session. glibc's value (2.26 and later); Swift's Glibc module
    /// does not show it (it is a GNU extension).
    #if canImport(Glibc)
    private static let setSID: Int32 = 0x80
    #else
    private static let setSID = Int32(POSIX_SPAWN_SETSID)
    #endif

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, where the C library has it (2.34 and later).
    private static let closeFromAction: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        #if os(Linux)
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// The descriptors open now (from /proc/self/fd), closed in the child: Swift's Glibc does not
    /// show `posix_spawn_file_actions_addclosefrom_np`. Without /proc, the first 1024.
    private static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return Array(0..<1024) }
        defer { closedir(directory) }
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name), descriptor != dirfd(directory) { descriptors.append(descriptor) }
        }
        return descriptors
    }
}
