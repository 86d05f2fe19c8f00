import Foundation
import ImageCodec
import Synchronization

/// Runs decodes on a few threads of its own, never on the Swift concurrency pool, so a slow or
/// hostile photo holds up decodes only, never the screen or the headless commands. Threads start
/// when work arrives and end when none waits. At most `queueLimit` decodes and `byteLimit` bytes
/// of files wait (one file alone may be larger), the most urgent first, then in order of
/// arrival; when full, a new decode takes the place of the newest less urgent ones, or is
/// refused with `decoderBusy`. A cancelled decode that waits is dropped; a running one is told
/// to stop between rows.
///
/// Continuations are resumed only after the lock is let go (see `DownloadSlots`).
final class DecodeWorker: Sendable {
    /// One decode, run on a worker thread; it stops early once `cancellation` is cancelled.
    typealias Work = @Sendable (Data, PixelSize, DecodeCancellation) -> Result<RGBImage, ImageCodecError>
    private typealias Continuation = CheckedContinuation<Result<RGBImage, ImageLoadError>, Never>

    private struct Job {
        let id: UInt64
        var priority: ImagePriority
        let order: UInt64
        let data: Data
        let size: PixelSize
        let mosaic: CellMosaic?
        let cancellation = DecodeCancellation()
        let continuation: Continuation
    }

    private struct State {
        var waiting: [Job] = []
        var running: [UInt64: DecodeCancellation] = [:]
        var threads = 0
        var arrivals: UInt64 = 0
    }

    /// The name of every worker thread (at most 15 bytes, as Linux allows).
    static let threadName = "photo-decode"

    private let threadLimit: Int
    private let queueLimit: Int
    private let byteLimit: Int
    private let work: Work
    private let state = Mutex(State())

    init(threads: Int, queueLimit: Int, byteLimit: Int, work: @escaping Work) {
        self.threadLimit = max(1, threads)
        self.queueLimit = max(1, queueLimit)
        self.byteLimit = max(1, byteLimit)
        self.work = work
    }

    /// Decodes `data` to `size` (then fitted to `mosaic`'s cells and packed, if any) on a worker thread under
    /// `id` (unique while it runs). Cancelling
    /// the calling task drops a waiting decode (answering `.cancelled` at once) or stops a
    /// running one (answering when the decoder next looks, between rows).
    func decode(
        id: UInt64, _ data: Data, to size: PixelSize, mosaic: CellMosaic? = nil, priority: ImagePriority
    ) async -> Result<RGBImage, ImageLoadError> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Continuation) in
                let (answer, evicted, spawn) = enqueue(id: id, data, size, mosaic, priority, continuation)
                for job in evicted { job.continuation.resume(returning: .failure(.decoderBusy(queued: queueLimit))) }
                if let answer { continuation.resume(returning: answer) }
                if spawn { startThread() }
            }
        } onCancel: {
            let (dropped, running): (Job?, DecodeCancellation?) = state.withLock { state in
                if let index = state.waiting.firstIndex(where: { $0.id == id }) { return (state.waiting.remove(at: index), nil) }
                return (nil, state.running[id])
            }
            running?.cancel()
            dropped?.continuation.resume(returning: .failure(.cancelled))
        }
    }

    /// Changes the priority of a waiting decode (nothing happens to a running one).
    func setPriority(id: UInt64, _ priority: ImagePriority) {
        state.withLock { state in
            if let index = state.waiting.firstIndex(where: { $0.id == id }) { state.waiting[index].priority = priority }
        }
    }

    /// Decodes running and waiting, and threads alive (tests).
    var usage: (running: Int, waiting: Int, threads: Int) {
        state.withLock { ($0.running.count, $0.waiting.count, $0.threads) }
    }

    /// Queues a job; returns an answer when it was not queued, the jobs it pushed out, and
    /// whether a thread must start.
    private func enqueue(
        id: UInt64, _ data: Data, _ size: PixelSize, _ mosaic: CellMosaic?, _ priority: ImagePriority, _ continuation: Continuation
    ) -> (Result<RGBImage, ImageLoadError>?, [Job], Bool) {
        state.withLock { state in
            // Cancelled before this ran: the handler found nothing to drop.
            if Task.isCancelled { return (.failure(.cancelled), [], false) }
            // Room is made from the newest less urgent jobs, or not at all.
            var lessUrgent = state.waiting.indices.filter { state.waiting[$0].priority < priority }
                .sorted { state.waiting[$0].order < state.waiting[$1].order }
            var pushedOut: [Int] = []
            var count = state.waiting.count + 1
            var bytes = state.waiting.reduce(data.count) { $0 + $1.data.count }
            while count > queueLimit || (bytes > byteLimit && count > 1) {
                guard let index = lessUrgent.popLast() else { return (.failure(.decoderBusy(queued: queueLimit)), [], false) }
                pushedOut.append(index)
                count -= 1
                bytes -= state.waiting[index].data.count
            }
            let evicted = pushedOut.sorted(by: >).map { state.waiting.remove(at: $0) }
            state.arrivals += 1
            state.waiting.append(Job(id: id, priority: priority, order: state.arrivals, data: data, size: size, mosaic: mosaic, continuation: continuation))
            guard state.threads < threadLimit else { return (nil, evicted, false) }
            state.threads += 1
            return (nil, evicted, true)
        }
    }

    private func startThread() {
        let thread = Thread { [self] in
            Self.nameThisThread()
            while let job = next() {
                let result = work(job.data, job.size, job.cancellation).map { image in job.mosaic?.pack(image) ?? image }
                state.withLock { _ = $0.running.removeValue(forKey: job.id) }
                switch result {
                case .success(let image): job.continuation.resume(returning: .success(image))
                case .failure(.cancelled): job.continuation.resume(returning: .failure(.cancelled))
                case .failure(let error): job.continuation.resume(returning: .failure(.undecodable(error)))
                }
            }
        }
        thread.start()
    }

    /// Names the calling thread for people (ps -L, top -H, gdb): Foundation's name does not
    /// always reach the kernel on Linux (a thread may run before `start()` has recorded it), so
    /// the kernel's copy is written too.
    private static func nameThisThread() {
        Thread.current.name = threadName
        #if os(Linux)
        try? threadName.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
        #endif
    }

    /// The most urgent waiting job, now running; nil (and one thread fewer) when none waits.
    private func next() -> Job? {
        state.withLock { state in
            let index = state.waiting.indices.max { a, b in
                let left = state.waiting[a], right = state.waiting[b]
                return left.priority != right.priority ? left.priority < right.priority : left.order > right.order
            }
            guard let index else {
                state.threads -= 1
                return nil
            }
            let job = state.waiting.remove(at: index)
            state.running[job.id] = job.cancellation
            return job
        }
    }
}
